package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Arrays;
import java.util.Objects;

/**
 * A type with two maps kept in structures of its own, never boxed: per-symbol limits (text keys
 * to float64, in parallel arrays) and price levels by integer key (read into the
 * {@link PriceLevel} instances already there). Entries past {@link #CAPACITY} are left unread, so
 * the wire skips them. For the per-wire map tests and the garbage check of maps.
 */
public final class LimitBook implements Marshallable {
    public static final int CAPACITY = 16;
    static final Field NAME = Field.of(1, "name");
    static final Field LIMITS = Field.of(2, "limits");
    static final Field LEVELS = Field.of(3, "levels");

    public String name;
    public final String[] symbols = new String[CAPACITY];
    public final double[] limits = new double[CAPACITY];
    public int limitCount;
    public final long[] levelKeys = new long[CAPACITY];
    public final PriceLevel[] levels = new PriceLevel[CAPACITY];
    public int levelCount;

    /** A book named {@code name} with ten symbol limits and three levels, keys negative and beyond 32 bits included. */
    public static LimitBook sample(String name, double scale) {
        LimitBook book = new LimitBook();
        book.name = name;
        String[] symbols = {"EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCHF", "USDCAD", "NZDUSD", "EURGBP", "EURJPY", "GBPJPY"};
        for (String symbol : symbols) {
            book.putLimit(symbol, scale * (book.limitCount + 1) + 0.25);
        }
        book.putLevel(-3, new PriceLevel(1.0825 * scale, 1_000_000));
        book.putLevel(0, new PriceLevel(1.0826, 2_500_000));
        book.putLevel(1L << 40, new PriceLevel(-0.5, 7));
        return book;
    }

    public LimitBook putLimit(String symbol, double limit) {
        symbols[limitCount] = symbol;
        limits[limitCount++] = limit;
        return this;
    }

    public LimitBook putLevel(long key, PriceLevel level) {
        levelKeys[levelCount] = key;
        levels[levelCount++] = level;
        return this;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(NAME).text(name)
           .write(LIMITS).map(this, (o, m) -> {
               for (int i = 0; i < o.limitCount; i++) {
                   m.key(o.symbols[i]).float64(o.limits[i]);
               }
           })
           .write(LEVELS).map(this, (o, m) -> {
               for (int i = 0; i < o.levelCount; i++) {
                   m.key(o.levelKeys[i]).marshallable(o.levels[i]);
               }
           });
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(NAME).text(this, (o, s) -> o.name = s)
          .read(LIMITS).map(this, (o, m) -> {
              o.limitCount = 0;
              while (o.limitCount < CAPACITY && m.hasNextEntry()) {
                  o.symbols[o.limitCount] = m.textKey();
                  o.limits[o.limitCount++] = m.float64();
              }
          })
          .read(LEVELS).map(this, (o, m) -> {
              o.levelCount = 0;
              while (o.levelCount < CAPACITY && m.hasNextEntry()) {
                  o.levelKeys[o.levelCount] = m.int64Key();
                  PriceLevel level = o.levels[o.levelCount];
                  if (level == null) {
                      level = new PriceLevel();
                      o.levels[o.levelCount] = level;
                  }
                  m.marshallable(level);
                  o.levelCount++;
              }
          });
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof LimitBook that) || !Objects.equals(name, that.name) || limitCount != that.limitCount
                || levelCount != that.levelCount) {
            return false;
        }
        for (int i = 0; i < levelCount; i++) {
            PriceLevel a = levels[i];
            PriceLevel b = that.levels[i];
            if (levelKeys[i] != that.levelKeys[i] || Double.compare(a.price, b.price) != 0 || a.size != b.size) {
                return false;
            }
        }
        return Arrays.equals(symbols, 0, limitCount, that.symbols, 0, limitCount)
                && Arrays.equals(limits, 0, limitCount, that.limits, 0, limitCount);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, limitCount, levelCount);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("LimitBook{").append(name).append(", limits {");
        for (int i = 0; i < limitCount; i++) {
            text.append(i == 0 ? "" : ", ").append(symbols[i]).append('=').append(limits[i]);
        }
        text.append("}, levels {");
        for (int i = 0; i < levelCount; i++) {
            text.append(i == 0 ? "" : ", ").append(levelKeys[i]).append('=').append(levels[i].price).append('x')
                .append(levels[i].size);
        }
        return text.append("}}").toString();
    }
}
