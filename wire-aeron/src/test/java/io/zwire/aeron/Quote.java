package io.zwire.aeron;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/** Version 1 of a quote: symbol, bid, ask. Registered as "Quote", as {@link QuoteWithVenue} is by a newer peer. */
public final class Quote implements Marshallable {
    static final Field SYMBOL = Field.of(1, "symbol");
    static final Field BID = Field.of(2, "bid");
    static final Field ASK = Field.of(3, "ask");

    String symbol;
    double bid;
    double ask;

    public Quote() {
    }

    Quote(String symbol, double bid, double ask) {
        this.symbol = symbol;
        this.bid = bid;
        this.ask = ask;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SYMBOL).text(symbol).write(BID).float64(bid).write(ASK).float64(ask);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(BID).float64(this, (o, v) -> o.bid = v)
          .read(ASK).float64(this, (o, v) -> o.ask = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Quote q && Objects.equals(symbol, q.symbol) && Double.compare(bid, q.bid) == 0
                && Double.compare(ask, q.ask) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(symbol, bid, ask);
    }

    @Override
    public String toString() {
        return "Quote{" + symbol + " " + bid + "/" + ask + "}";
    }
}
