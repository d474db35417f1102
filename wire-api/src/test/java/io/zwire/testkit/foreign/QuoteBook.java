package io.zwire.testkit.foreign;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static io.zwire.testkit.foreign.QuoteMarshallers.QUOTES;

/**
 * A {@code Marshallable} holding third-party {@link Quote}s: one nested field that may be null and
 * a sequence, read into the quotes it already holds, so a steady stream of books allocates nothing.
 */
public final class QuoteBook implements Marshallable {
    static final Field BEST = Field.of(1, "best");
    static final Field QUOTES_FIELD = Field.of(2, "quotes");

    Quote best;
    /** Quotes read so far, reused; the first {@link #count} are this book's. */
    final List<Quote> quotes = new ArrayList<>();
    int count;

    public QuoteBook() {
    }

    public QuoteBook(Quote best, Quote... quotes) {
        this.best = best;
        this.quotes.addAll(List.of(quotes));
        this.count = quotes.length;
    }

    public Quote best() {
        return best;
    }

    public List<Quote> quotes() {
        return quotes.subList(0, count);
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(BEST).object(best, QUOTES)
           .write(QUOTES_FIELD).sequence(this, (o, seq) -> {
               for (int i = 0; i < o.count; i++) {
                   seq.object(o.quotes.get(i), QUOTES);
               }
           });
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(BEST).object(this, best, QUOTES, (o, q) -> o.best = q)
          .read(QUOTES_FIELD).sequence(this, (o, seq) -> {
              int n = 0;
              while (seq.hasNextElement()) {
                  if (n < o.quotes.size()) {
                      o.quotes.set(n, seq.object(o.quotes.get(n), QUOTES));
                  } else {
                      o.quotes.add(seq.object(null, QUOTES));
                  }
                  n++;
              }
              o.count = n;
          });
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof QuoteBook b && Objects.equals(best, b.best) && quotes().equals(b.quotes());
    }

    @Override
    public int hashCode() {
        return Objects.hash(best, quotes());
    }

    @Override
    public String toString() {
        return "QuoteBook[" + best + ", " + quotes() + "]";
    }
}
