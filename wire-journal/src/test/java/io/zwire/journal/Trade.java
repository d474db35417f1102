package io.zwire.journal;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** A test message: who wrote it, its number in that writer's stream, and a little payload. */
public final class Trade implements Marshallable {
    static final Field WRITER = Field.of(1, "writer");
    static final Field SEQ = Field.of(2, "seq");
    static final Field SYMBOL = Field.of(3, "symbol");
    static final Field PRICE = Field.of(4, "price");

    int writer;
    long seq;
    String symbol;
    double price;

    public Trade() {
    }

    Trade(int writer, long seq, String symbol, double price) {
        set(writer, seq, symbol, price);
    }

    Trade set(int writer, long seq, String symbol, double price) {
        this.writer = writer;
        this.seq = seq;
        this.symbol = symbol;
        this.price = price;
        return this;
    }

    /** The payload every writer derives from its sequence, so a reader can check a record is intact. */
    static double priceOf(long seq) {
        return seq * 0.25 + 1;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(WRITER).int32(writer)
           .write(SEQ).int64(seq)
           .write(SYMBOL).text(symbol)
           .write(PRICE).float64(price);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(WRITER).int32(this, (t, v) -> t.writer = v)
          .read(SEQ).int64(this, (t, v) -> t.seq = v)
          .read(SYMBOL).text(this, (t, v) -> t.symbol = v)
          .read(PRICE).float64(this, (t, v) -> t.price = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Trade t && t.writer == writer && t.seq == seq
                && java.util.Objects.equals(t.symbol, symbol) && Double.compare(t.price, price) == 0;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seq) * 31 + writer;
    }

    @Override
    public String toString() {
        return "Trade[" + writer + ", " + seq + ", " + symbol + ", " + price + "]";
    }
}
