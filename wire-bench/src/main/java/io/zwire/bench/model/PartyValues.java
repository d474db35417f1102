package io.zwire.bench.model;

import io.zwire.example.Party;

import java.io.Serializable;
import java.util.Objects;

/** The state of a {@link Party} as a plain mutable object; see {@link Ints14Values} for why it exists. */
public final class PartyValues implements Serializable {
    private static final long serialVersionUID = 1L;

    public String name;
    public String account;
    public long id;

    /** A copy of {@code party}'s state. Allocates. */
    public static PartyValues of(Party party) {
        PartyValues values = new PartyValues();
        values.name = party.name();
        values.account = party.account();
        values.id = party.id();
        return values;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PartyValues p && id == p.id && Objects.equals(name, p.name)
                && Objects.equals(account, p.account);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, account, id);
    }

    @Override
    public String toString() {
        return "PartyValues{name=" + name + ", account=" + account + ", id=" + id + "}";
    }
}
