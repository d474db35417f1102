package io.zwire.bench.model;

import io.zwire.example.Order;
import io.zwire.example.Side;

import java.io.Serializable;

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

    /** {@return the Order this state describes} Allocates. */
    public Order toOrder() {
        return new Order(id, symbol, price, qty, side, party == null ? null : party.toParty());
    }

    /**
     * Equal where the {@link Order}s they describe are equal, so an Order's equality is defined
     * once. Allocates: for checks, never on a benchmark's path.
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof OrderValues o && toOrder().equals(o.toOrder());
    }

    @Override
    public int hashCode() {
        return toOrder().hashCode();
    }

    @Override
    public String toString() {
        return "OrderValues of " + toOrder();
    }
}
