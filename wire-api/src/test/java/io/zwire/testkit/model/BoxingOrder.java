package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.example.Order;

/**
 * The negative control of the garbage tests: reads like {@link Order} but keeps the id and the
 * quantity boxed, so every read allocates two {@code Long}s (the values are outside the
 * {@code Long.valueOf} cache). A garbage check that passes this type is broken.
 */
public final class BoxingOrder implements Marshallable {
    static final Field ID = Field.of(1, "id");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field QTY = Field.of(4, "qty");

    public Long id = 1_000_000L;
    public String symbol = "EURUSD";
    public Long qty = 2_000_000L;

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(ID).int64(id)
           .write(SYMBOL).text(symbol)
           .write(QTY).int64(qty);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(ID).int64(this, (o, v) -> o.id = v)
          .read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(QTY).int64(this, (o, v) -> o.qty = v);
    }
}
