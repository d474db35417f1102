package io.zwire.cli;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionConfig;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.List;

/**
 * The example's session set-up, which the session benchmarks use and {@code serve} and {@code send}
 * use when no {@code --type} is given: {@link Order} as the one message type, a handful of orders
 * with repeated symbols to send, and the default offer of wires.
 */
public final class OrderSessions {
    /** The registry both sides use: {@code Order}, with its nested {@code Party} read in place. */
    public static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();

    private OrderSessions() {
    }

    /**
     * A configuration speaking {@code wires} in that order of preference, allowing RAW when
     * {@code wires} offers it and the peer's schema matches ({@link #allowRawIfOffered}). Allocates.
     */
    public static SessionConfig config(List<WireType> wires, BytesPool pool) {
        return allowRawIfOffered(builder(TYPES, List.of(Order.sample()), wires, pool), wires).build();
    }

    /**
     * Allows RAW on {@code builder} when {@code wires} (what it offers) includes RAW: offering a
     * wire means speaking it, and RAW is then spoken with a peer whose schemas match.
     *
     * @return {@code builder}
     */
    static SessionConfig.Builder allowRawIfOffered(SessionConfig.Builder builder, List<WireType> wires) {
        return wires.contains(WireType.RAW) ? builder.allowRaw() : builder;
    }

    /**
     * A configuration carrying {@code types}, each message type's schema recorded on its sample in
     * {@code samples}, speaking {@code wires} in that order of preference; RAW is refused until the
     * caller calls {@link SessionConfig.Builder#allowRaw()}. Allocates.
     *
     * @throws RuntimeException from a sample's write method
     */
    static SessionConfig.Builder builder(TypeRegistry types, List<? extends Marshallable> samples, List<WireType> wires,
                                         BytesPool pool) {
        SessionConfig.Builder builder = SessionConfig.builder(types).wires(wires.toArray(WireType[]::new)).pool(pool);
        for (Marshallable sample : samples) {
            builder.message(sample);
        }
        return builder;
    }

    /** Four orders to cycle through, every one with a party, so reading them allocates nothing. */
    public static Order[] orders() {
        return new Order[] {
                Order.sample(),
                new Order(2, "GBPUSD", 1.26712, 250_000, Side.SELL, new Party("Northwind Treasury", "NWT-7", 7)),
                new Order(3, "USDJPY", 151.337, 5_000_000, Side.BUY, new Party("Northwind Treasury", "NWT-8", 8)),
                new Order(4, "EURUSD", 1.08351, 1, Side.SELL, new Party("Meridian Capital Partners", "MCP-EU-000042", 42)),
        };
    }

    /** Every available wire with the self-describing binary ones first: the default offer. */
    public static List<WireType> defaultWires() {
        List<WireType> preferred = new java.util.ArrayList<>();
        for (WireType wire : List.of(WireType.BINARY, WireType.NUMBERED, WireType.JSON, WireType.YAML,
                WireType.YAML_NUMBERED, WireType.RAW)) {
            if (wire.isAvailable()) {
                preferred.add(wire);
            }
        }
        return preferred;
    }
}
