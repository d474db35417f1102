package io.zwire.bench.model;

import io.zwire.example.Order;
import io.zwire.example.Side;

import java.io.Serializable;
import java.util.Objects;

/** The state of an {@link Order} as a plain mutable object; see {@link Ints14Values} for why it exists. */
public final class OrderValues implements Serializable {
    private static final long serialVersionUID = 1L;

    public long id;
    public String symbol;
    public double price;
    public long qty;
    public Side side;
    public PartyValues party;

    /** A copy of {@code order}'s state. Allocates. */
    public static OrderValues of(Order order) {
        OrderValues values = new OrderValues();
        values.id = order.id();
        values.symbol = order.symbol();
        values.price = order.price();
        values.qty = order.qty();
        values.side = order.side();
        values.party = order.party() == null ? null : PartyValues.of(order.party());
        return values;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OrderValues o && id == o.id && Double.compare(price, o.price) == 0 && qty == o.qty
                && side == o.side && Objects.equals(symbol, o.symbol) && Objects.equals(party, o.party);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, symbol, price, qty, side, party);
    }

    @Override
    public String toString() {
        return "OrderValues{id=" + id + ", symbol=" + symbol + ", price=" + price + ", qty=" + qty + ", side=" + side
                + ", party=" + party + "}";
    }
}
