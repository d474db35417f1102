package io.zwire.testkit.foreign;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Arrays;
import java.util.Objects;

import static io.zwire.testkit.foreign.QuoteMarshallers.QUOTES;

/**
 * A {@code Marshallable} holding a map of text keys to third-party {@link Quote}s, any of them
 * null. Entry {@code i} is read into {@link #pool}{@code [i]}, an instance the board keeps even
 * while that entry is null, so a steady stream of boards allocates nothing once the pool is as
 * large as the largest board.
 */
public final class QuoteBoard implements Marshallable {
    static final Field QUOTES_BY_NAME = Field.of(1, "quotes");
    static final Field SEQ = Field.of(2, "seq");

    String[] names = new String[4];
    /** The instances entries are read into, kept across documents. */
    Quote[] pool = new Quote[4];
    /** The entries' values: {@code pool[i]}, or null for a null entry. */
    Quote[] values = new Quote[4];
    int count;
    long seq;

    public QuoteBoard() {
        for (int i = 0; i < pool.length; i++) {
            pool[i] = new Quote();
        }
    }

    /** Appends an entry; {@code quote} may be null. */
    public QuoteBoard put(String name, Quote quote) {
        grow(count + 1);
        names[count] = name;
        values[count++] = quote;
        return this;
    }

    public QuoteBoard seq(long seq) {
        this.seq = seq;
        return this;
    }

    public long seq() {
        return seq;
    }

    public int size() {
        return count;
    }

    public String name(int i) {
        return names[i];
    }

    public Quote quote(int i) {
        return values[i];
    }

    /** The instance entry {@code i} is read into. */
    public Quote pooled(int i) {
        return pool[i];
    }

    /** Allocates only when the board holds more entries than ever before. */
    private void grow(int size) {
        if (size <= names.length) {
            return;
        }
        int capacity = Math.max(size, names.length * 2);
        names = Arrays.copyOf(names, capacity);
        values = Arrays.copyOf(values, capacity);
        int old = pool.length;
        pool = Arrays.copyOf(pool, capacity);
        for (int i = old; i < capacity; i++) {
            pool[i] = new Quote();
        }
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(QUOTES_BY_NAME).map(this, (o, m) -> {
            for (int i = 0; i < o.count; i++) {
                m.key(o.names[i]).object(o.values[i], QUOTES);
            }
        })
           .write(SEQ).int64(seq);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(QUOTES_BY_NAME).map(this, (o, m) -> {
            o.count = 0;
            while (m.hasNextEntry()) {
                int i = o.count;
                o.grow(i + 1);
                o.names[i] = m.textKey();
                o.values[i] = m.object(o.pool[i], QUOTES);
                o.count = i + 1;
            }
        })
          .read(SEQ).int64(this, (o, v) -> o.seq = v);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof QuoteBoard b) || count != b.count || seq != b.seq) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (!Objects.equals(names[i], b.names[i]) || !Objects.equals(values[i], b.values[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, seq);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("QuoteBoard{");
        for (int i = 0; i < count; i++) {
            text.append(names[i]).append('=').append(values[i]).append(", ");
        }
        return text.append("seq=").append(seq).append('}').toString();
    }
}
