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
 * allocate nothing. A symbol is found through an open-addressing index over the arrays, so reading
 * a map of n entries takes time linear in n, where a search of the arrays would take n squared
 * (60,001 symbols: seconds instead of milliseconds). The map example of the README and
 * docs/types.md, and the type the map benchmark measures.
 *
 * <p>The index hashes with {@link String#hashCode()}, whose collisions a sender can choose: a map
 * of chosen colliding keys takes time quadratic in its size, bounded by
 * {@code ReadLimits.maxSequenceLength}. Lower that limit for maps from untrusted peers.
 */
public final class Limits implements Marshallable {
    static final Field LIMITS = Field.of(1, "limits");

    String[] symbols = new String[16];
    double[] limits = new double[16];
    int count;
    /** 1 + the index of the symbol held at each slot, 0 for a free slot; at most half are used. */
    int[] slots = new int[32];

    /** No limits. */
    public Limits() {
    }

    /**
     * Sets the limit of {@code symbol}, replacing the one it had, in constant expected time.
     * Allocates only when the arrays are full (they double, and the index is rebuilt).
     *
     * @param symbol the symbol
     * @param limit  its limit
     * @return this
     */
    public Limits put(String symbol, double limit) {
        int slot = slotOf(symbol);
        if (slots[slot] != 0) {
            limits[slots[slot] - 1] = limit;
            return this;
        }
        if (count == symbols.length) {
            grow();
            slot = slotOf(symbol);
        }
        symbols[count] = symbol;
        limits[count++] = limit;
        slots[slot] = count;
        return this;
    }

    /**
     * Removes every limit, in time linear in their number (not in the arrays' size, which stays
     * that of the largest map read), allocating nothing.
     *
     * @return this
     */
    public Limits clear() {
        for (int i = 0; i < count; i++) {
            int slot = home(symbols[i]);
            while (slots[slot] != i + 1) slot = next(slot);
            slots[slot] = 0;
        }
        count = 0;
        return this;
    }

    /**
     * {@return the limit of {@code symbol}, or NaN when it has none}
     *
     * @param symbol the symbol
     */
    public double limit(String symbol) {
        int entry = slots[slotOf(symbol)];
        return entry == 0 ? Double.NaN : limits[entry - 1];
    }

    /** The slot that holds {@code symbol}, or else the free slot where it belongs. */
    private int slotOf(String symbol) {
        int slot = home(symbol);
        while (slots[slot] != 0 && !symbols[slots[slot] - 1].equals(symbol)) slot = next(slot);
        return slot;
    }

    private int home(String symbol) {
        // Symbols that differ in their last character have neighbouring hash codes; the multiply
        // spreads them so that they do not form one long run of linear probes.
        int hash = symbol.hashCode() * 0x9E3779B9;
        return (hash ^ hash >>> 16) & (slots.length - 1);
    }

    private int next(int slot) {
        return (slot + 1) & (slots.length - 1);
    }

    private void grow() {
        symbols = Arrays.copyOf(symbols, count * 2);
        limits = Arrays.copyOf(limits, count * 2);
        slots = new int[symbols.length * 2];
        for (int i = 0; i < count; i++) slots[slotOf(symbols[i])] = i + 1;
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
            o.clear();
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
