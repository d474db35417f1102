package io.zwire.journal.kafka;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** The bridge tests' message: a sequence number that tracks delivery, a symbol and a price made from it. */
public final class Trade implements Marshallable {
    static final TypeRegistry TYPES = TypeRegistry.builder().add("Trade", Trade.class, Trade::new).build();
    private static final Field SEQ = Field.of(1, "seq");
    private static final Field SYMBOL = Field.of(2, "symbol");
    private static final Field PRICE = Field.of(3, "price");

    long seq;
    String symbol;
    double price;

    /** For the type registry. */
    public Trade() {
    }

    /** {@return this, holding trade number {@code number}} */
    Trade set(long number) {
        this.seq = number;
        this.symbol = number % 2 == 0 ? "EURUSD" : "GBPJPY";
        this.price = priceOf(number);
        return this;
    }

    static double priceOf(long number) {
        return 1.0 + number / 1024.0;
    }

    /** {@return whether this holds exactly what {@link #set(long)} writes for its sequence number} */
    boolean isIntact() {
        return price == priceOf(seq) && (seq % 2 == 0 ? "EURUSD" : "GBPJPY").equals(symbol);
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SEQ).int64(seq)
           .write(SYMBOL).text(symbol)
           .write(PRICE).float64(price);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SEQ).int64(this, (o, v) -> o.seq = v)
          .read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(PRICE).float64(this, (o, v) -> o.price = v);
    }

    @Override
    public String toString() {
        return "Trade{seq=" + seq + ", symbol=" + symbol + ", price=" + price + "}";
    }
}
