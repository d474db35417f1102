package io.zwire.testkit.foreign;

import io.zwire.Field;
import io.zwire.Marshaller;
import io.zwire.example.Side;

/** The marshallers of the third-party {@link Quote} and {@link Venue}, written once. */
public final class QuoteMarshallers {
    static final Field NAME = Field.of(1, "name");
    static final Field CODE = Field.of(2, "code");

    static final Field ID = Field.of(1, "id");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field BID = Field.of(3, "bid");
    static final Field SIZE = Field.of(4, "size");
    static final Field SIDE = Field.of(5, "side");
    static final Field FIRM = Field.of(6, "firm");
    static final Field VENUE = Field.of(7, "venue");

    public static final Marshaller<Venue> VENUES = Marshaller.of(Venue.class, Venue::new,
            (v, out) -> out.write(NAME).text(v.getName())
                           .write(CODE).int32(v.getCode()),
            (v, in) -> in.read(NAME).text(v, Venue::setName)
                         .read(CODE).int32(v, Venue::setCode));

    public static final Marshaller<Quote> QUOTES = Marshaller.of(Quote.class, Quote::new,
            (q, out) -> out.write(ID).int64(q.getId())
                           .write(SYMBOL).text(q.getSymbol())
                           .write(BID).float64(q.getBid())
                           .write(SIZE).int32(q.getSize())
                           .write(SIDE).asEnum(q.getSide())
                           .write(FIRM).bool(q.isFirm())
                           .write(VENUE).object(q.getVenue(), VENUES),
            (q, in) -> in.read(ID).int64(q, Quote::setId)
                         .read(SYMBOL).text(q, Quote::setSymbol)
                         .read(BID).float64(q, Quote::setBid)
                         .read(SIZE).int32(q, Quote::setSize)
                         .read(SIDE).asEnum(Side.class, q, Quote::setSide)
                         .read(FIRM).bool(q, Quote::setFirm)
                         .read(VENUE).object(q, q.getVenue(), VENUES, Quote::setVenue));

    private QuoteMarshallers() {
    }

    /** A quote with every field set and a venue. */
    public static Quote sample() {
        return new Quote(42, "EURUSD", 1.08345, 1_000_000, Side.SELL, true, new Venue("XLON", 7));
    }
}
