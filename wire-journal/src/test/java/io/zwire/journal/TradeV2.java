package io.zwire.journal;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** A later version of {@link Trade}, registered under the same alias: one field more, so another schema fingerprint. */
public final class TradeV2 implements Marshallable {
    static final Field QTY = Field.of(5, "qty");

    int writer;
    long seq;
    String symbol;
    double price;
    long qty;

    public TradeV2() {
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(Trade.WRITER).int32(writer)
           .write(Trade.SEQ).int64(seq)
           .write(Trade.SYMBOL).text(symbol)
           .write(Trade.PRICE).float64(price)
           .write(QTY).int64(qty);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(Trade.WRITER).int32(this, (t, v) -> t.writer = v)
          .read(Trade.SEQ).int64(this, (t, v) -> t.seq = v)
          .read(Trade.SYMBOL).text(this, (t, v) -> t.symbol = v)
          .read(Trade.PRICE).float64(this, (t, v) -> t.price = v)
          .read(QTY).int64(this, (t, v) -> t.qty = v);
    }
}
