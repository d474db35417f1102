package io.zwire.bench.model;

import java.io.Serializable;

/**
 * The state of {@link io.zwire.testkit.model.Ints14} as a plain mutable object, for the peers'
 * hand-written codecs: the testkit type keeps its fields private to the package and has no
 * setters, and a hand-written decoder needs to fill a reused instance, as generated code does.
 * Public fields on purpose: this is the data-transfer object such code works on.
 */
public final class Ints14Values implements Serializable {
    private static final long serialVersionUID = 1L;

    public int f1;
    public int f2;
    public int f3;
    public int f4;
    public int f5;
    public int f6;
    public int f7;
    public int f8;
    public int f9;
    public int f10;
    public int f11;
    public int f12;
    public int f13;
    public int f14;

    /** Sets field i to {@code seed + i}, the values {@code Ints14.fill(seed)} sets. */
    public Ints14Values fill(int seed) {
        f1 = seed + 1;
        f2 = seed + 2;
        f3 = seed + 3;
        f4 = seed + 4;
        f5 = seed + 5;
        f6 = seed + 6;
        f7 = seed + 7;
        f8 = seed + 8;
        f9 = seed + 9;
        f10 = seed + 10;
        f11 = seed + 11;
        f12 = seed + 12;
        f13 = seed + 13;
        f14 = seed + 14;
        return this;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ints14Values o && f1 == o.f1 && f2 == o.f2 && f3 == o.f3 && f4 == o.f4 && f5 == o.f5
                && f6 == o.f6 && f7 == o.f7 && f8 == o.f8 && f9 == o.f9 && f10 == o.f10 && f11 == o.f11
                && f12 == o.f12 && f13 == o.f13 && f14 == o.f14;
    }

    @Override
    public int hashCode() {
        return ((f1 * 31 + f2) * 31 + f7) * 31 + f14;
    }

    @Override
    public String toString() {
        return "Ints14Values{f1=" + f1 + ", ..., f14=" + f14 + "}";
    }
}
