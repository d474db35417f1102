package io.zwire.kafka;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/** Version 1 of the tests' record: a sequence number that tracks delivery, a symbol, a price and a quantity. */
public final class Trade implements Marshallable {
    static final String ALIAS = "Trade";
    static final TypeRegistry TYPES = TypeRegistry.builder().add(ALIAS, Trade.class, Trade::new).build();
    static final Field SEQ = Field.of(1, "seq");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field PRICE = Field.of(3, "price");
    static final Field QTY = Field.of(4, "qty");

    long seq;
    String symbol;
    double price;
    long qty;

    public Trade() {
    }

    Trade(long seq, String symbol, double price, long qty) {
        this.seq = seq;
        this.symbol = symbol;
        this.price = price;
        this.qty = qty;
    }

    static Trade of(long seq) {
        return new Trade(seq, seq % 2 == 0 ? "EURUSD" : "GBPJPY", 1.0 + seq / 1024.0, 100 + seq);
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SEQ).int64(seq)
           .write(SYMBOL).text(symbol)
           .write(PRICE).float64(price)
           .write(QTY).int64(qty);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SEQ).int64(this, (o, v) -> o.seq = v)
          .read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(PRICE).float64(this, (o, v) -> o.price = v)
          .read(QTY).int64(this, (o, v) -> o.qty = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Trade && seq == ((Trade) other).seq && Objects.equals(symbol, ((Trade) other).symbol)
                && Double.compare(price, ((Trade) other).price) == 0 && qty == ((Trade) other).qty;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seq);
    }

    @Override
    public String toString() {
        return "Trade{seq=" + seq + ", symbol=" + symbol + ", price=" + price + ", qty=" + qty + "}";
    }
}
