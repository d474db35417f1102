package io.zwire.aeron;

import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Subscription;
import io.aeron.UnavailableImageHandler;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import org.agrona.DirectBuffer;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Reads the messages of {@link WirePublication}s in place from Aeron's fragments into one reused
 * instance per type, and hands each to a {@link MessageHandler}.
 *
 * <pre>{@code
 * WireSubscriber in = WireSubscriber.of(types, (message, header) -> handle(message), (problem, header) -> log(problem));
 * while (running) {
 *     idle.idle(in.poll(subscription, 10));
 * }
 * }</pre>
 *
 * <p>Each message's {@link MessageHeader} says its wire and type, so publications in different
 * wires can share a stream and a subscriber that joins late needs nothing earlier. A type is
 * matched by alias; on a self-describing wire the sender's version of it may differ (fields it
 * lacks take their defaults, fields it adds are skipped); {@link WireType#RAW} is read only when
 * the sender's schema fingerprint equals this side's (one compare per message).
 *
 * <p><b>Bad messages</b> (garbage, truncated, unknown type or wire, a document length the fragment
 * does not hold, RAW from another schema, a document the wire refuses, or more than one document)
 * go to the {@link BadMessageHandler} as a {@link WireException}; the poll goes on with the next
 * message. So does any other {@code RuntimeException} thrown while reading, a type's own
 * {@code readMarshallable} or marshaller failing included (wrapped, as the cause), and a buffer
 * that a {@code Bytes} cannot reach (an Agrona buffer over a bare address, with neither a
 * {@code ByteBuffer} nor an array: wrap such memory in a direct {@code ByteBuffer}). Only the
 * handlers' own exceptions leave the poll. Memory and work stay proportional to the message's
 * bytes and bounded by the {@link io.zwire.ReadLimits} of the types' {@link io.zwire.WireOptions}.
 *
 * <p><b>Publishers that come and go.</b> Messages longer than one frame are reassembled by Aeron's
 * {@link FragmentAssembler} in a direct buffer per publisher session, grown to that session's
 * largest message. Register this subscriber as the subscription's unavailable-image handler
 * ({@link #onUnavailableImage}) so that a session's buffer is freed when its image goes away.
 *
 * <p><b>Garbage.</b> For {@link io.zwire.Marshallable} types, and types whose
 * {@link io.zwire.Marshaller} reads into the instance it is given, reading allocates nothing in
 * steady state: the instances, and one wire per wire seen, are made once. A type read through a
 * marshaller that makes a new object per message (an immutable type, a record) allocates that
 * object, and whatever its fields need, per message. Strings follow the wire's text rules (an
 * interned cache). Growing a reassembly buffer and an unavailable image allocate.
 * Not thread-safe: poll from one thread.
 */
public final class WireSubscriber implements FragmentHandler, UnavailableImageHandler {
    private final AeronMessageTypes types;
    private final MessageHandler messages;
    private final BadMessageHandler badMessages;
    /** Per type: the instance read into (for a marshaller's type, what it returned last). */
    private final Object[] instances;
    /** Per wire code: the wire over {@link #bytes}, made on the first message in that wire. */
    private final Wire[] wires = new Wire[WireType.values().length + 1];
    private final Bytes bytes = Bytes.region();
    private final DirectBufferRegion region = new DirectBufferRegion();
    private final FragmentAssembler assembler = new FragmentAssembler(this, 0, true);
    /**
     * Sessions whose images went away, told on Aeron's conductor thread and freed on the polling
     * thread: the assembler is not thread-safe. Boxing here costs once per image, never per message.
     */
    private final Queue<Integer> goneSessions = new ConcurrentLinkedQueue<>();
    private int freedSessionBuffers;

    private WireSubscriber(AeronMessageTypes types, MessageHandler messages, BadMessageHandler badMessages) {
        this.types = types;
        this.messages = messages;
        this.badMessages = badMessages;
        this.instances = new Object[types.size()];
        for (int i = 0; i < instances.length; i++) {
            if (types.at(i).marshaller == null) {
                instances[i] = types.at(i).entry.create();
            }
        }
    }

    /**
     * A subscriber for {@code types}. Allocates one instance of each {@code Marshallable} type.
     *
     * @param types       the types it reads; others are bad messages
     * @param messages    called with each message read
     * @param badMessages called with each message that cannot be read
     * @return the subscriber
     */
    public static WireSubscriber of(AeronMessageTypes types, MessageHandler messages, BadMessageHandler badMessages) {
        return new WireSubscriber(types, messages, badMessages);
    }

    /**
     * Polls {@code subscription} for up to {@code fragmentLimit} fragments through this
     * subscriber's {@link FragmentAssembler}, so messages longer than a frame arrive whole. Never
     * blocks; allocates nothing in steady state but what the class comment names.
     *
     * @param subscription  the subscription to poll
     * @param fragmentLimit the most fragments to read
     * @return the fragments read (0 when none was waiting)
     */
    public int poll(Subscription subscription, int fragmentLimit) {
        if (!goneSessions.isEmpty()) {
            freeGoneSessionBuffers();
        }
        return subscription.poll(assembler, fragmentLimit);
    }

    private void freeGoneSessionBuffers() {
        Integer sessionId;
        while ((sessionId = goneSessions.poll()) != null) {
            if (assembler.freeSessionBuffer(sessionId)) {
                freedSessionBuffers++;
            }
        }
    }

    /**
     * Frees, at the next {@link #poll}, the buffer in which messages of {@code image}'s session
     * longer than a frame were reassembled. Register the subscriber as its subscription's
     * unavailable-image handler ({@code aeron.addSubscription(channel, stream, null, subscriber)},
     * or call this from your own handler): without it each publisher that ever sent a message
     * longer than a frame leaves its buffer behind, and publishers coming and going grow memory
     * without bound. Safe to call from any thread (Aeron calls it on its conductor thread);
     * never blocks; allocates a queue node, released at the next poll. Only for a subscriber read
     * through {@link #poll}: a caller that feeds {@link #onFragment} from an assembler of its own
     * frees that assembler's buffers itself and does not register this (nothing would drain it).
     *
     * @param image the image that went away
     */
    @Override
    public void onUnavailableImage(Image image) {
        goneSessions.add(image.sessionId());
    }

    /** How many sessions' reassembly buffers {@link #onUnavailableImage} has freed so far; read on the polling thread. */
    int freedSessionBuffers() {
        return freedSessionBuffers;
    }

    /**
     * Reads one whole message in place and hands it to the {@link MessageHandler}, or its problem
     * to the {@link BadMessageHandler}. For callers with their own assembler or poll loop; a
     * fragment of a longer message must be reassembled first (as {@link #poll} does). Any
     * {@code RuntimeException} from reading goes to the {@link BadMessageHandler}; only the two
     * handlers' own exceptions leave this method. Never blocks; allocates nothing in steady state
     * but what the class comment names (a marshaller's new objects).
     *
     * @param buffer the buffer holding the message (a term buffer, or an assembler's buffer)
     * @param offset where the message starts
     * @param length its length
     * @param header Aeron's header of the (last) fragment
     */
    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        Object message;
        try {
            message = read(buffer, offset, length);
        } catch (WireException problem) {
            badMessages.onBadMessage(problem, header);
            return;
        } catch (RuntimeException thrown) {
            badMessages.onBadMessage(new WireException("Aeron message", bytes.readPosition(),
                    "a message read without an exception; reading (the type's read method, or the buffer) threw " + thrown, thrown), header);
            return;
        }
        messages.onMessage(message, header);
    }

    private Object read(DirectBuffer buffer, int offset, int length) {
        region.read(bytes, buffer, offset, length);
        MessageHeader.check(bytes, length);
        Wire wire = wire(MessageHeader.wire(bytes));
        long typeId = MessageHeader.typeId(bytes);
        long fingerprint = MessageHeader.fingerprint(bytes);
        int documentLength = MessageHeader.documentLength(bytes);
        int index = types.indexOf(typeId);
        if (index < 0) {
            throw MessageHeader.problem(MessageHeader.TYPE_ID_OFFSET, "the type id of a registered type, found "
                    + typeId + " (" + types + ")");
        }
        MessageType type = types.at(index);
        if (wire.type() == WireType.RAW) {
            requireSameSchema(type, fingerprint);
        }
        region.read(bytes, buffer, offset + MessageHeader.LENGTH, documentLength);
        Object message = readDocument(wire, index, type);
        if (bytes.readRemaining() != 0) {
            throw new WireException(wire.type().name(), bytes.readPosition(), "one document of " + documentLength
                    + " bytes, found " + bytes.readRemaining() + " bytes after it");
        }
        return message;
    }

    private Object readDocument(Wire wire, int index, MessageType type) {
        if (type.marshaller != null) {
            Object read = wire.readDocument(instances[index], type.marshaller);
            if (read == null) {
                throw new WireException(wire.type().name(), 0, "a " + type.alias() + " document, found none");
            }
            instances[index] = read;
            return read;
        }
        if (!wire.readDocument((Marshallable) instances[index])) {
            throw new WireException(wire.type().name(), 0, "a " + type.alias() + " document, found none");
        }
        return instances[index];
    }

    /** RAW reads by position: only a sender with this side's schema of the type writes what this side reads. */
    private static void requireSameSchema(MessageType type, long fingerprint) {
        if (type.rawProblem != null) {
            throw MessageHeader.problem(MessageHeader.WIRE_OFFSET, "a self-describing wire for " + type.alias()
                    + ", which this side cannot read on RAW: " + type.rawProblem);
        }
        if (fingerprint != type.fingerprint) {
            throw MessageHeader.problem(MessageHeader.FINGERPRINT_OFFSET, "RAW only from a sender with this side's schema of "
                    + type.alias() + " (fingerprint " + Long.toHexString(type.fingerprint) + "), found fingerprint "
                    + Long.toHexString(fingerprint) + ": publish it on a self-describing wire");
        }
    }

    /** The wire over {@link #bytes} for {@code type}, made the first time that wire is seen. */
    private Wire wire(WireType type) {
        Wire wire = wires[type.code()];
        if (wire == null) {
            if (!type.isAvailable()) {
                throw MessageHeader.problem(MessageHeader.WIRE_OFFSET, "a wire this process has; " + type
                        + " needs its module on the class or module path");
            }
            wire = type.apply(bytes, types.options());
            wires[type.code()] = wire;
        }
        return wire;
    }

    @Override
    public String toString() {
        return "WireSubscriber[" + types + "]";
    }
}
