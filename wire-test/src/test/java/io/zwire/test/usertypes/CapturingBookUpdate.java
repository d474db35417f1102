package io.zwire.test.usertypes;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * {@link BookUpdate} as a user may write it by mistake: its setters capture {@code this}, one is a
 * method reference bound to {@code this}, and one captures a local. Every one of them is a new
 * object per read unless escape analysis removes it.
 */
public final class CapturingBookUpdate implements Marshallable {
    static final Field SEQ = Field.of(1, "seq"), SYMBOL = Field.of(2, "symbol"), BID = Field.of(3, "bid"),
            ASK = Field.of(4, "ask"), QTY = Field.of(5, "qty");
    long seq;
    String symbol;
    double bid;
    double ask;
    long qty;

    /** The written instance for the garbage harness. */
    public static CapturingBookUpdate sample() {
        CapturingBookUpdate update = new CapturingBookUpdate();
        update.seq = 987_654_321L;
        update.symbol = "EURUSD";
        update.bid = 1.08915;
        update.ask = 1.08921;
        update.qty = 1_000_000;
        return update;
    }

    void assignQty(CapturingBookUpdate target, long value) {
        target.qty = value;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SEQ).int64(seq).write(SYMBOL).text(symbol).write(BID).float64(bid).write(ASK).float64(ask)
           .write(QTY).int64(qty);
    }

    @Override
    public void readMarshallable(WireIn in) {
        double scale = 1.0;
        in.read(SEQ).int64(this, (o, v) -> seq = v)
          .read(SYMBOL).text(this, (o, s) -> o.symbol = s)
          .read(BID).float64(this, (o, v) -> bid = v)
          .read(ASK).float64(this, (o, v) -> o.ask = v * scale)
          .read(QTY).int64(this, this::assignQty);
    }
}
