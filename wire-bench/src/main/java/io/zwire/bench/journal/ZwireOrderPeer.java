package io.zwire.bench.journal;

import io.zwire.Bytes;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.journal.JournalConfig;
import io.zwire.example.Order;
import io.zwire.example.Party;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * zwire's journal carrying the test kit's {@link Order} (the README's type: a long, text, a double,
 * a long, an enum and a nested party of two texts and a long) on one wire, as a {@link JournalPeer}
 * of the harness's {@code --orders} run. Each message is {@link Order#sample()} with three of its
 * longs carrying what the harness checks: the sequence in {@code id}, the intended send time in
 * {@code qty} and the check word in the party's {@code id}, the last field written, so a tailer
 * that reads it intact has read the whole document. The texts are written and read with every
 * message, as a real order's would be.
 *
 * <p>The test kit's types have no setters; the three fields are set through VarHandles found once
 * ({@link MethodHandles#privateLookupIn}, which the class path allows), so appending allocates
 * nothing. Needs no JVM option.
 */
public final class ZwireOrderPeer implements JournalPeer {
    /** The start of every Order peer's name; the wire follows, e.g. {@code zwire-order-yaml-numbered}. */
    public static final String NAME_PREFIX = "zwire-order-";
    /** The harness's cycles: the largest a journal allows, as the 256-byte peer's. */
    private static final int CYCLE_SIZE = 256 << 20;
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    private static final VarHandle ORDER_ID = field(Order.class, "id");
    private static final VarHandle ORDER_QTY = field(Order.class, "qty");
    private static final VarHandle PARTY_ID = field(Party.class, "id");

    private final WireType wire;
    private final int cycleSize;

    /**
     * The peer for {@code wire}, in cycles of 256 MiB.
     *
     * @param wire the journal's wire
     */
    public ZwireOrderPeer(WireType wire) {
        this(wire, CYCLE_SIZE);
    }

    /** The peer for {@code wire} in cycles of {@code cycleSize} bytes, for a test that writes less. */
    ZwireOrderPeer(WireType wire, int cycleSize) {
        this.wire = wire;
        this.cycleSize = cycleSize;
    }

    /** {@return one peer per wire, in {@link WireType}'s order} Allocates. */
    public static List<ZwireOrderPeer> onEachWire() {
        List<ZwireOrderPeer> peers = new ArrayList<>();
        for (WireType each : WireType.values()) {
            peers.add(new ZwireOrderPeer(each));
        }
        return peers;
    }

    @Override
    public String name() {
        return NAME_PREFIX + wire.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String title() {
        return wire.name();
    }

    /** {@return the bytes of one message's document on this peer's wire, without the journal's record framing} Allocates. */
    public int documentBytes() {
        Bytes bytes = Bytes.elastic(256);
        wire.apply(bytes, config().options()).writeDocument(message(0, 0));
        return bytes.readRemaining();
    }

    @Override
    public List<String> jvmOptions(int javaFeatureVersion) {
        return List.of();
    }

    @Override
    public Journal open(Path directory) {
        return new OpenZwireJournal(io.zwire.journal.Journal.open(directory, config()), appender -> {
            Order order = message(0, 0);
            return (sequence, intendedNanos) -> appender.append(set(order, sequence, intendedNanos));
        }, tailer -> {
            Order order = new Order();
            return into -> {
                if (!tailer.readDocument(order)) {
                    return false;
                }
                into.set(order.id(), order.qty(), order.party().id());
                return true;
            };
        });
    }

    private JournalConfig config() {
        return JournalConfig.builder(wire, TYPES).cycleSize(cycleSize).build();
    }

    /** {@return a new sample order carrying {@code sequence} and {@code intendedNanos}} Allocates. */
    private static Order message(long sequence, long intendedNanos) {
        return set(Order.sample(), sequence, intendedNanos);
    }

    /** {@return {@code order} carrying {@code sequence}, {@code intendedNanos} and the check word} Allocates nothing. */
    private static Order set(Order order, long sequence, long intendedNanos) {
        ORDER_ID.set(order, sequence);
        ORDER_QTY.set(order, intendedNanos);
        PARTY_ID.set(order.party(), JournalMessage.checkWord(sequence));
        return order;
    }

    private static VarHandle field(Class<?> type, String name) {
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup()).findVarHandle(type, name, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
