package io.zwire.aeron;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/** Version 2 of {@link Quote}: the same fields and a venue added, under the same alias. */
public final class QuoteWithVenue implements Marshallable {
    static final Field SYMBOL = Field.of(1, "symbol");
    static final Field BID = Field.of(2, "bid");
    static final Field ASK = Field.of(3, "ask");
    static final Field VENUE = Field.of(4, "venue");

    String symbol;
    double bid;
    double ask;
    String venue;

    public QuoteWithVenue() {
    }

    QuoteWithVenue(String symbol, double bid, double ask, String venue) {
        this.symbol = symbol;
        this.bid = bid;
        this.ask = ask;
        this.venue = venue;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SYMBOL).text(symbol).write(BID).float64(bid).write(ASK).float64(ask).write(VENUE).text(venue);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(BID).float64(this, (o, v) -> o.bid = v)
          .read(ASK).float64(this, (o, v) -> o.ask = v)
          .read(VENUE).text(this, (o, v) -> o.venue = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof QuoteWithVenue q && Objects.equals(symbol, q.symbol) && Double.compare(bid, q.bid) == 0
                && Double.compare(ask, q.ask) == 0 && Objects.equals(venue, q.venue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(symbol, bid, ask, venue);
    }

    @Override
    public String toString() {
        return "QuoteWithVenue{" + symbol + " " + bid + "/" + ask + " " + venue + "}";
    }
}
