package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * {@link PriceLevel} after its {@code size} was replaced by {@code orderCount}: the same numbers,
 * kinds and widths, so RAW cannot tell the two apart; only their schema fingerprints differ.
 */
public final class CountedPriceLevel implements Marshallable {
    static final Field PRICE = Field.of(1, "price");
    static final Field ORDER_COUNT = Field.of(2, "orderCount");

    public double price;
    public long orderCount;

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(PRICE).float64(price)
           .write(ORDER_COUNT).int64(orderCount);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(PRICE).float64(this, (o, v) -> o.price = v)
          .read(ORDER_COUNT).int64(this, (o, v) -> o.orderCount = v);
    }
}
