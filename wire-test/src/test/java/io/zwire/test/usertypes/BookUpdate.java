package io.zwire.test.usertypes;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * A user's market-data type as a user writes it, not as zwire's models do: it keeps its symbol in
 * a reused {@code StringBuilder}, writes it from that builder, and carries a sequence of price
 * levels in a reused array.
 */
public final class BookUpdate implements Marshallable {
    static final Field SEQ = Field.of(1, "seq"), SYMBOL = Field.of(2, "symbol"), BID = Field.of(3, "bid"),
            ASK = Field.of(4, "ask"), LEVELS = Field.of(5, "levels");
    long seq;
    final StringBuilder symbol = new StringBuilder();
    double bid;
    double ask;
    final long[] levels = new long[8];
    int levelCount;

    /** The written instance for the garbage harness. */
    public static BookUpdate sample() {
        BookUpdate update = new BookUpdate();
        update.seq = 987_654_321L;
        update.symbol.append("EURUSD");
        update.bid = 1.08915;
        update.ask = 1.08921;
        update.levels[0] = 1_000_000;
        update.levels[1] = 2_500_000;
        update.levelCount = 2;
        return update;
    }

    /** {@return every field, for comparing a read instance with the written one} */
    @Override
    public String toString() {
        return "BookUpdate[seq=" + seq + ", symbol=" + symbol + ", bid=" + bid + ", ask=" + ask + ", levels="
                + java.util.Arrays.toString(java.util.Arrays.copyOf(levels, levelCount)) + "]";
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SEQ).int64(seq)
           .write(SYMBOL).text(symbol)
           .write(BID).float64(bid)
           .write(ASK).float64(ask)
           .write(LEVELS).sequence(this, (o, values) -> {
               for (int i = 0; i < o.levelCount; i++) {
                   values.int64(o.levels[i]);
               }
           });
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SEQ).int64(this, (o, v) -> o.seq = v)
          .read(SYMBOL).textTo(symbol)
          .read(BID).float64(this, (o, v) -> o.bid = v)
          .read(ASK).float64(this, (o, v) -> o.ask = v)
          .read(LEVELS).sequence(this, (o, values) -> {
              int count = 0;
              while (values.hasNextElement() && count < o.levels.length) {
                  o.levels[count++] = values.int64();
              }
              o.levelCount = count;
          });
    }
}
