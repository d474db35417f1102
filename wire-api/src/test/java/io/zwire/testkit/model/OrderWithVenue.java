package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** A newer version of the example {@code Order} (io.zwire.example), as another peer has it: one field more. */
public final class OrderWithVenue implements Marshallable {
    static final Field ID = Field.of(1, "id");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field VENUE = Field.of(7, "venue");

    long id;
    String symbol;
    String venue;

    public OrderWithVenue() {
    }

    public OrderWithVenue(long id, String symbol, String venue) {
        this.id = id;
        this.symbol = symbol;
        this.venue = venue;
    }

    public long id() {
        return id;
    }

    public String symbol() {
        return symbol;
    }

    public String venue() {
        return venue;
    }

    /** Sets the venue, as a peer that fills it in does. */
    public void venue(String newVenue) {
        this.venue = newVenue;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(ID).int64(id)
           .write(SYMBOL).text(symbol)
           .write(VENUE).text(venue);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(ID).int64(this, (o, v) -> o.id = v)
          .read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(VENUE).text(this, (o, v) -> o.venue = v);
    }
}
