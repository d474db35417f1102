package io.zwire.example;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/**
 * The reference message: a long, text, a double, a long, an enum and a nested, nullable party.
 * The type the README shows, the demo's ({@code zwire demo}) and the test kit's: this file is
 * compiled into wire-api's tests and into wire-cli's main code (docs/building.md, "The example
 * models"), so the README, the demo and every contract test run the same code.
 */
public final class Order implements Marshallable {
    static final Field ID = Field.of(1, "id");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field PRICE = Field.of(3, "price");
    static final Field QTY = Field.of(4, "qty");
    static final Field SIDE = Field.of(5, "side");
    static final Field PARTY = Field.of(6, "party");

    long id;
    String symbol;
    double price;
    long qty;
    Side side;
    Party party;

    /** An empty order, for reading into: every field its default. */
    public Order() {
    }

    /** An order of these values, {@code party} kept by reference (null for none). */
    public Order(long id, String symbol, double price, long qty, Side side, Party party) {
        this.id = id;
        this.symbol = symbol;
        this.price = price;
        this.qty = qty;
        this.side = side;
        this.party = party;
    }

    /** {@return a new typical order, with its party, as the demo and the benchmarks use it} */
    public static Order sample() {
        return new Order(1_000_001L, "EURUSD", 1.08345, 1_000_000L, Side.BUY,
                new Party("Meridian Capital Partners", "MCP-EU-000042", 42L));
    }

    /** {@return the order's id} */
    public long id() {
        return id;
    }

    /** {@return the instrument, null when absent} */
    public String symbol() {
        return symbol;
    }

    /** {@return the limit price} */
    public double price() {
        return price;
    }

    /** {@return the quantity} */
    public long qty() {
        return qty;
    }

    /** {@return the side, null when absent} */
    public Side side() {
        return side;
    }

    /** {@return the counterparty, null when absent} */
    public Party party() {
        return party;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(ID).int64(id)
           .write(SYMBOL).text(symbol)
           .write(PRICE).float64(price)
           .write(QTY).int64(qty)
           .write(SIDE).asEnum(side)
           .write(PARTY).marshallable(party);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(ID).int64(this, (o, v) -> o.id = v)
          .read(SYMBOL).text(this, (o, v) -> o.symbol = v)
          .read(PRICE).float64(this, (o, v) -> o.price = v)
          .read(QTY).int64(this, (o, v) -> o.qty = v)
          .read(SIDE).asEnum(Side.class, this, (o, v) -> o.side = v)
          .read(PARTY).marshallable(this, party, Party::new, (o, v) -> o.party = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Order o && id == o.id && Double.compare(price, o.price) == 0 && qty == o.qty
                && side == o.side && Objects.equals(symbol, o.symbol) && Objects.equals(party, o.party);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, symbol, price, qty, side, party);
    }

    @Override
    public String toString() {
        return "Order{id=" + id + ", symbol=" + symbol + ", price=" + price + ", qty=" + qty + ", side=" + side
                + ", party=" + party + "}";
    }
}
