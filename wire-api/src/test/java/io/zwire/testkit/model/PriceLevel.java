package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** One price level with a size; {@link CountedPriceLevel} is the same layout with field 2 meaning something else. */
public final class PriceLevel implements Marshallable {
    static final Field PRICE = Field.of(1, "price");
    static final Field SIZE = Field.of(2, "size");

    public double price;
    public long size;

    public PriceLevel() {
    }

    public PriceLevel(double price, long size) {
        this.price = price;
        this.size = size;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(PRICE).float64(price)
           .write(SIZE).int64(size);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(PRICE).float64(this, (o, v) -> o.price = v)
          .read(SIZE).int64(this, (o, v) -> o.size = v);
    }
}
