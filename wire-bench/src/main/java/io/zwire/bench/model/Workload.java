package io.zwire.bench.model;

import io.zwire.Marshallable;
import io.zwire.testkit.model.Ints14;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

/**
 * The three benchmark workloads, each as a zwire type with its source values and a fresh target.
 * The peers encode the same values through their own data objects ({@link Ints14Values},
 * {@link MyData}, {@link OrderValues}).
 */
public enum Workload {
    /** Fourteen ints: small, flat, numbers only. */
    INTS14 {
        @Override
        public Marshallable source() {
            return new Ints14().fill(INTS14_SEED);
        }

        @Override
        public Marshallable newTarget() {
            return new Ints14();
        }
    },
    /** One of each fixed-width primitive. */
    MY_DATA {
        @Override
        public Marshallable source() {
            return MyData.sample();
        }

        @Override
        public Marshallable newTarget() {
            return new MyData();
        }
    },
    /** An order with three strings, an enum and a nested party: see {@link #order()}. */
    ORDER {
        @Override
        public Marshallable source() {
            return order();
        }

        @Override
        public Marshallable newTarget() {
            return new Order();
        }
    };

    /**
     * The seed of the {@code Ints14} values: field i holds {@code 1_000_000 + i}, a 3-byte varint
     * and a 7-digit number, so no wire gets away with single-byte or single-digit values.
     */
    public static final int INTS14_SEED = 1_000_000;

    /** The workload's values as a zwire type. Allocates. */
    public abstract Marshallable source();

    /** An empty instance to decode into. Allocates. */
    public abstract Marshallable newTarget();

    /**
     * The order the benchmarks use: {@link Order#sample()} with longer party strings (88 and 77
     * characters), sized to about 250 bytes on the binary wire with field names. By the CBOR rules
     * that wire follows: 81 bytes of map headers, keys and numbers, 90 + 79 bytes of party
     * strings with their headers, 250 in all (framing, if any, comes on top). The benchmark
     * report lists the size each available wire actually produces.
     */
    public static Order order() {
        return new Order(1_000_001L, "EURUSD", 1.08345, 1_000_000L, Side.BUY, new Party(
                "Meridian Capital Partners LLP, Global Markets - Foreign Exchange Spot Desk, London, EMEA",
                "MCP-EU-000042/FX-SPOT/PRIME-BROKER-NWT/SETTLE-T+2/CLS-ELIGIBLE/NETTING-GROUP7",
                42L));
    }
}
