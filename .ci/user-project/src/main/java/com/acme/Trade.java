package com.acme;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

public final class Trade implements Marshallable {
    static final Field ID = Field.of(1, "id");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field PRICE = Field.of(3, "price");
    static final Field QTY = Field.of(4, "qty");

    long id;
    final StringBuilder symbol = new StringBuilder();
    double price;
    long qty;

    public static Trade sample() {
        Trade t = new Trade();
        t.id = 42;
        t.symbol.append("EURUSD");
        t.price = 1.0834;
        t.qty = 1_000_000;
        return t;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(ID).int64(id).write(SYMBOL).text(symbol).write(PRICE).float64(price).write(QTY).int64(qty);
    }

    @Override
    public void readMarshallable(WireIn in) {
        id = in.read(ID).int64();
        in.read(SYMBOL).textTo(symbol);
        price = in.read(PRICE).float64();
        qty = in.read(QTY).int64();
    }
}
