package io.zwire.cli.example;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Arrays;

/**
 * Risk limits per symbol: a map field of text keys and float64 values, kept in the type's own
 * parallel arrays rather than a {@code java.util.Map} (no boxing), so that once the arrays are
 * large enough and the symbols have been seen (text keys are interned), writing and reading
 * allocate nothing. The map example of the README and docs/types.md, and the type the map
 * benchmark measures.
 */
public final class Limits implements Marshallable {
    static final Field LIMITS = Field.of(1, "limits");

    String[] symbols = new String[16];
    double[] limits = new double[16];
    int count;

    /** No limits. */
    public Limits() {
    }

    /**
     * Sets the limit of {@code symbol}, replacing the one it had. Allocates only when the arrays
     * are full (they double).
     *
     * @param symbol the symbol
     * @param limit  its limit
     * @return this
     */
    public Limits put(String symbol, double limit) {
        for (int i = 0; i < count; i++) {
            if (symbols[i].equals(symbol)) {
                limits[i] = limit;
                return this;
            }
        }
        if (count == symbols.length) {
            symbols = Arrays.copyOf(symbols, count * 2);
            limits = Arrays.copyOf(limits, count * 2);
        }
        symbols[count] = symbol;
        limits[count++] = limit;
        return this;
    }

    /**
     * {@return the limit of {@code symbol}, or NaN when it has none}
     *
     * @param symbol the symbol
     */
    public double limit(String symbol) {
        for (int i = 0; i < count; i++) {
            if (symbols[i].equals(symbol)) {
                return limits[i];
            }
        }
        return Double.NaN;
    }

    /** {@return how many symbols have a limit} */
    public int size() {
        return count;
    }

    /** {@return ten symbols' limits, as the map benchmark uses} */
    public static Limits sample() {
        Limits sample = new Limits();
        String[] pairs = {"EURUSD", "GBPUSD", "USDJPY", "USDCHF", "AUDUSD", "USDCAD", "NZDUSD", "EURGBP", "EURJPY", "GBPJPY"};
        for (int i = 0; i < pairs.length; i++) {
            sample.put(pairs[i], 1_000_000.0 * (i + 1) + 0.25);
        }
        return sample;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(LIMITS).map(this, (o, m) -> {
            for (int i = 0; i < o.count; i++) m.key(o.symbols[i]).float64(o.limits[i]);
        });
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(LIMITS).map(this, (o, m) -> {
            o.count = 0;
            while (m.hasNextEntry()) o.put(m.textKey(), m.float64());
        });
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Limits l) || count != l.count) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (!symbols[i].equals(l.symbols[i]) || Double.compare(limits[i], l.limits[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = count;
        for (int i = 0; i < count; i++) {
            hash = 31 * hash + (symbols[i].hashCode() ^ Double.hashCode(limits[i]));
        }
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("Limits{");
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : ", ").append(symbols[i]).append('=').append(limits[i]);
        }
        return text.append('}').toString();
    }
}
