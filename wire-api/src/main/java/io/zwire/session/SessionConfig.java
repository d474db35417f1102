package io.zwire.session;

import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.WireOptions;
import io.zwire.WireType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one side of a {@link WireSession} speaks: the wires in order of preference, whether RAW
 * may be used when both sides' schemas match, the message types it sends and accepts (registered
 * aliases with their schema fingerprints), read limits and the buffer pool. Immutable.
 *
 * <pre>{@code
 * SessionConfig config = SessionConfig.builder(types)
 *         .wires(WireType.BINARY, WireType.YAML, WireType.RAW)
 *         .allowRaw()
 *         .message(Order.sample())
 *         .build();
 * }</pre>
 */
public final class SessionConfig {
    /** One message type: its alias, Java type and schema fingerprint. */
    public record MessageType(String alias, Class<? extends Marshallable> type, long fingerprint) {
    }

    private final List<WireType> wires;
    private final boolean rawAllowed;
    private final WireOptions options;
    private final List<MessageType> messages;
    private final BytesPool pool;

    private SessionConfig(Builder builder) {
        this.wires = List.copyOf(builder.wires);
        this.rawAllowed = builder.rawAllowed;
        this.options = WireOptions.defaults().withTypes(builder.types).withLimits(builder.limits);
        this.messages = List.copyOf(builder.messages.values());
        this.pool = builder.pool;
    }

    /** Starts a configuration whose message types are resolved through {@code types}. */
    public static Builder builder(TypeRegistry types) {
        return new Builder(types);
    }

    /** The wires this side speaks, preferred first. */
    public List<WireType> wires() {
        return wires;
    }

    /** True when this side agrees to RAW if every message type's fingerprint matches the peer's. */
    public boolean rawAllowed() {
        return rawAllowed;
    }

    /** The options the session's wires are created with. */
    public WireOptions options() {
        return options;
    }

    /** The message types this side sends and accepts, in the order their indices go on the wire. */
    public List<MessageType> messages() {
        return messages;
    }

    /** The pool the session's buffers come from and return to. */
    public BytesPool pool() {
        return pool;
    }

    /** Collects a configuration. Not thread-safe. */
    public static final class Builder {
        private final TypeRegistry types;
        private final List<WireType> wires = new ArrayList<>();
        private final Map<String, MessageType> messages = new LinkedHashMap<>();
        private boolean rawAllowed;
        private ReadLimits limits = ReadLimits.defaults();
        private BytesPool pool;

        private Builder(TypeRegistry types) {
            this.types = types;
        }

        /**
         * The wires this side speaks, preferred first. Each must be available (its module present).
         *
         * @throws IllegalArgumentException for an unavailable wire or a repeated one
         */
        public Builder wires(WireType... preferred) {
            wires.clear();
            for (WireType wire : preferred) {
                if (!wire.isAvailable()) {
                    throw new IllegalArgumentException(wire + " is not available: its module is not on the path");
                }
                if (wires.contains(wire)) {
                    throw new IllegalArgumentException(wire + " is listed twice");
                }
                wires.add(wire);
            }
            return this;
        }

        /** Agrees to RAW when both sides allow it and every message type's schema fingerprint matches. */
        public Builder allowRaw() {
            rawAllowed = true;
            return this;
        }

        /**
         * Adds a message type, by the alias its class has in the registry; the schema fingerprint
         * is recorded from {@code sample}, so give a sample whose nested objects, enums and
         * sequences are populated (see {@link Schema}).
         *
         * @throws IllegalArgumentException if the sample's class is not registered
         */
        public Builder message(Marshallable sample) {
            TypeRegistry.Entry entry = types.byType(sample.getClass());
            if (entry == null) {
                throw new IllegalArgumentException(sample.getClass().getName() + " is not in the TypeRegistry " + types);
            }
            messages.put(entry.alias(), new MessageType(entry.alias(), entry.type(), Schema.of(sample, types).fingerprint()));
            return this;
        }

        /** Read limits for the session's wires; {@link ReadLimits#maxDocumentBytes} also bounds a frame. */
        public Builder limits(ReadLimits readLimits) {
            limits = readLimits;
            return this;
        }

        /** The buffer pool; by default each configuration gets its own heap pool. */
        public Builder pool(BytesPool bytesPool) {
            pool = bytesPool;
            return this;
        }

        /**
         * The configuration.
         *
         * @throws IllegalStateException if no wire or no message type was given, or more than 65535 message types
         */
        public SessionConfig build() {
            if (wires.isEmpty() || messages.isEmpty()) {
                throw new IllegalStateException("a session needs at least one wire and one message type");
            }
            if (messages.size() > 0xFFFF) {
                throw new IllegalStateException("at most 65535 message types: " + messages.size());
            }
            if (pool == null) {
                pool = BytesPool.heap(4096, 4);
            }
            return new SessionConfig(this);
        }
    }
}
