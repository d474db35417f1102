package io.zwire.bench.journal;

import java.util.ArrayList;
import java.util.List;

/**
 * The peers the journal harness knows, by name: the 256-byte message's ({@link #all}) and the
 * {@code --orders} run's, an {@code Order} on each wire ({@link ZwireOrderPeer#onEachWire}).
 */
public final class JournalPeers {
    private JournalPeers() {
    }

    /** {@return every peer, in the order of the report's rows} Allocates. */
    public static List<JournalPeer> all() {
        return List.of(new ZwireJournalPeer(), new ChronicleQueuePeer());
    }

    /** {@return the names of {@link #all}} Allocates. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (JournalPeer peer : all()) {
            names.add(peer.name());
        }
        return names;
    }

    /**
     * {@return the peer called {@code name}} Allocates.
     *
     * @throws IllegalArgumentException if there is none
     */
    public static JournalPeer named(String name) {
        List<JournalPeer> known = new ArrayList<>(all());
        known.addAll(ZwireOrderPeer.onEachWire());
        for (JournalPeer peer : known) {
            if (peer.name().equals(name)) {
                return peer;
            }
        }
        throw new IllegalArgumentException("no journal peer '" + name + "'; known: " + names());
    }
}
