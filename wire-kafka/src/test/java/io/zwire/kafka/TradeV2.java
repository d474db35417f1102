package io.zwire.kafka;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/** Version 2 of {@link Trade}, under the same alias: {@code qty} removed, {@code venue} added. */
public final class TradeV2 implements Marshallable {
    static final TypeRegistry TYPES = TypeRegistry.builder().add(Trade.ALIAS, TradeV2.class, TradeV2::new).build();
    static final Field VENUE = Field.of(5, "venue");

    long seq;
    String symbol;
    double price;
    String venue;

    public TradeV2() {
    }

    TradeV2(long seq, String symbol, double price, String venue) {
        this.seq = seq;
        this.symbol = symbol;
        this.price = price;
        this.venue = venue;
    }

    static TradeV2 of(long seq) {
        Trade v1 = Trade.of(seq);
        return new TradeV2(seq, v1.symbol, v1.price, "XLON");
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(Trade.SEQ).int64(seq)
           .write(Trade.SYMBOL).text(symbol)
           .write(Trade.PRICE).float64(price)
           .write(VENUE).text(venue);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(Trade.SEQ).int64(this, (o, v) -> o.seq = v)
          .read(Trade.SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(Trade.PRICE).float64(this, (o, v) -> o.price = v)
          .read(VENUE).text(this, (o, v) -> o.venue = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TradeV2 && seq == ((TradeV2) other).seq
                && Objects.equals(symbol, ((TradeV2) other).symbol) && Double.compare(price, ((TradeV2) other).price) == 0
                && Objects.equals(venue, ((TradeV2) other).venue);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seq);
    }

    @Override
    public String toString() {
        return "TradeV2{seq=" + seq + ", symbol=" + symbol + ", price=" + price + ", venue=" + venue + "}";
    }
}
