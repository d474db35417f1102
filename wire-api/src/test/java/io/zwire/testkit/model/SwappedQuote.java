package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * Writes {@code bid} then {@code ask} but reads {@code ask} first: right on every self-describing
 * wire, and on RAW (which reads by position) the two values would trade places.
 */
public final class SwappedQuote implements Marshallable {
    static final Field SYMBOL = Field.of(1, "symbol");
    static final Field BID = Field.of(2, "bid");
    static final Field ASK = Field.of(3, "ask");

    public String symbol;
    public double bid;
    public double ask;

    public SwappedQuote() {
    }

    public SwappedQuote(String symbol, double bid, double ask) {
        this.symbol = symbol;
        this.bid = bid;
        this.ask = ask;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SYMBOL).text(symbol)
           .write(BID).float64(bid)
           .write(ASK).float64(ask);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(ASK).float64(this, (o, v) -> o.ask = v)
          .read(BID).float64(this, (o, v) -> o.bid = v);
    }
}
