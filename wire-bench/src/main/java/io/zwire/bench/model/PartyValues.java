package io.zwire.bench.model;

import io.zwire.example.Party;

import java.io.Serializable;

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

    /** {@return the Party this state describes} Allocates. */
    public Party toParty() {
        return new Party(name, account, id);
    }

    /**
     * Equal where the {@link Party}s they describe are equal, so a Party's equality is defined
     * once. Allocates: for checks, never on a benchmark's path.
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof PartyValues p && toParty().equals(p.toParty());
    }

    @Override
    public int hashCode() {
        return toParty().hashCode();
    }

    @Override
    public String toString() {
        return "PartyValues of " + toParty();
    }
}
