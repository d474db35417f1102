package io.zwire.aeron;

import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;
import io.zwire.Bytes;
import io.zwire.BytesCapacityException;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * Publishes documents on an Aeron {@link Publication} in one wire, each behind a
 * {@link MessageHeader}, encoded in place in the term buffer where Aeron allows it.
 *
 * <pre>{@code
 * AeronMessageTypes types = AeronMessageTypes.of(registry);
 * WirePublication out = WirePublication.of(aeron.addPublication("aeron:ipc", 10), WireType.RAW, types);
 * PublishResult result = out.publish(order);   // PUBLISHED, BACK_PRESSURED, NOT_CONNECTED, ...
 * }</pre>
 *
 * <p><b>In place or copied.</b> A document's size is known only once it is written, and an Aeron
 * claim ({@code tryClaim}) must name its length first and cannot shrink. So each type keeps a
 * <em>claim length</em>: the largest message (header and document) it has encoded to on this
 * publication, rounded up to Aeron's 32-byte frame alignment (which costs no term space, since
 * Aeron aligns every frame to 32 bytes anyway; over UDP a message carries up to 31 unused bytes
 * more, and a type whose size varies carries the difference to its largest). Then:
 * <ul>
 *   <li>the first message of a type, and every message of a type that has once been longer
 *       than {@link Publication#maxPayloadLength()} (one MTU less Aeron's header), is encoded
 *       into a buffer this publication owns and reuses, then {@code offer}ed: one copy, and Aeron
 *       fragments what is longer than an MTU;
 *   <li>otherwise the claim is taken and the document encoded straight into the term buffer; a
 *       document that outgrows it aborts the claim (Aeron turns it into padding that subscribers
 *       skip) and goes the copying way, which raises the type's claim length.
 * </ul>
 *
 * <p><b>Results.</b> Back pressure, no subscriber, a term rotation, a closed publication are
 * {@link PublishResult}s, never exceptions; nothing was published then, and the caller decides
 * whether to retry ({@link PublishResult#isRetryable()}).
 *
 * <p><b>Garbage.</b> In steady state (claim lengths known, the copy buffer large enough) publishing
 * allocates nothing. Growing the copy buffer and the exception of an outgrown claim allocate, a
 * few times per type at most. Not thread-safe: one per publishing thread (the {@code Publication}
 * itself may be shared). Does not own the publication: closing it is the caller's.
 */
public final class WirePublication {
    /** The copy buffer's first size; it doubles up to the publication's max message length. */
    private static final int INITIAL_COPY_CAPACITY = 4096;
    /** The claim length of a type that has once needed more than a frame: published by copy from then on. */
    private static final int ALWAYS_COPY = -1;

    private final Publication publication;
    private final WireType wire;
    private final AeronMessageTypes types;
    /** Per type (by index in {@link #types}): the length to claim, 0 until a message of it has been encoded, or {@link #ALWAYS_COPY}. */
    private final int[] claimLengths;
    private final int maxClaimLength;
    private final BufferClaim claim = new BufferClaim();
    private final DirectBufferRegion regions = new DirectBufferRegion();
    private final Bytes claimBytes = Bytes.region();
    private final Wire claimWire;
    private final Bytes copyBytes = Bytes.region();
    private final Wire copyWire;
    private final UnsafeBuffer copyView = new UnsafeBuffer(0, 0);
    private ByteBuffer copyBuffer;

    private WirePublication(Publication publication, WireType wire, AeronMessageTypes types) {
        this.publication = publication;
        this.wire = wire;
        this.types = types;
        this.claimLengths = new int[types.size()];
        this.maxClaimLength = publication.maxPayloadLength();
        this.claimWire = wire.apply(claimBytes, types.options());
        this.copyWire = wire.apply(copyBytes, types.options());
        this.copyBuffer = ByteBuffer.allocateDirect(Math.min(INITIAL_COPY_CAPACITY, publication.maxMessageLength()));
        copyView.wrap(copyBuffer);
    }

    /**
     * A publisher of {@code types} in {@code wire} on {@code publication}. Allocates its wires and
     * a copy buffer of 4 KiB (or the max message length, if smaller).
     *
     * @param publication an open publication (exclusive or concurrent)
     * @param wire        the wire every message is written in; subscribers read it from the header
     * @param types       the types that may be published
     * @return the publisher
     * @throws IllegalStateException if the wire's module is not on the class or module path
     */
    public static WirePublication of(Publication publication, WireType wire, AeronMessageTypes types) {
        return new WirePublication(publication, wire, types);
    }

    /**
     * The wire this publication writes.
     *
     * @return the wire
     */
    public WireType wireType() {
        return wire;
    }

    /**
     * The publication written to.
     *
     * @return the publication
     */
    public Publication publication() {
        return publication;
    }

    /**
     * Publishes {@code message} behind a {@link MessageHeader}: in place in a claim when its
     * type's claim length is known and fits one frame, else copied and offered (see the class
     * comment). Never blocks; allocates nothing in steady state.
     *
     * @param message an instance of a registered type
     * @return {@link PublishResult#PUBLISHED}, or why nothing was published
     * @throws IllegalArgumentException if the type is not registered, or the message encodes
     *         larger than {@link Publication#maxMessageLength()}
     * @throws RuntimeException whatever the type's write method (or the wire, refusing what it
     *         wrote) throws, as {@link Wire#writeDocument(Marshallable)} throws it, even an
     *         {@code IndexOutOfBoundsException}: the claim is aborted, nothing is published and the
     *         copy buffer is left as it was. Only a {@link BytesCapacityException}, the buffer
     *         running out of room, sends a message the copying way
     */
    public PublishResult publish(Object message) {
        MessageType type = types.forClass(message.getClass());
        int index = type.index;
        int claimLength = claimLengths[index];
        if (claimLength <= 0) {
            return offerCopy(type, index, message);
        }
        long claimed = publication.tryClaim(claimLength, claim);
        if (claimed < 0) {
            return PublishResult.of(claimed);
        }
        regions.write(claimBytes, claim.buffer(), claim.offset(), claimLength);
        try {
            encode(claimWire, type, message);
        } catch (BytesCapacityException outgrown) {
            claim.abort();
            return offerCopy(type, index, message);
        } catch (RuntimeException | Error e) {
            claim.abort();
            throw e;
        }
        claim.commit();
        return PublishResult.PUBLISHED;
    }

    /** Encodes into the copy buffer (grown as needed), learns the type's claim length, offers. */
    private PublishResult offerCopy(MessageType type, int index, Object message) {
        int length = encodeCopy(type, message);
        learnClaimLength(index, length);
        return PublishResult.of(publication.offer(copyView, 0, length));
    }

    /**
     * Raises the type's claim length to cover {@code length}; a type that has once needed more
     * than a frame is copied from then on, since claiming for it would throw and abort (allocating)
     * whenever a message of it is large again.
     */
    private void learnClaimLength(int index, int length) {
        if (length > maxClaimLength) {
            claimLengths[index] = ALWAYS_COPY;
        } else if (claimLengths[index] != ALWAYS_COPY) {
            claimLengths[index] = Math.max(claimLengths[index], claimLengthFor(length));
        }
    }

    private int encodeCopy(MessageType type, Object message) {
        while (true) {
            regions.write(copyBytes, copyView, 0, copyView.capacity());
            try {
                return encode(copyWire, type, message);
            } catch (BytesCapacityException full) {
                growCopyBuffer(type, full);
            }
        }
    }

    private void growCopyBuffer(MessageType type, BytesCapacityException full) {
        int max = publication.maxMessageLength();
        if (copyBuffer.capacity() >= max) {
            throw new IllegalArgumentException("a " + type.alias() + " encodes on " + wire + " to more than the publication's"
                    + " max message length of " + max + " bytes (an eighth of the term length, at most 16 MiB)", full);
        }
        copyBuffer = ByteBuffer.allocateDirect((int) Math.min(max, 2L * copyBuffer.capacity()));
        copyView.wrap(copyBuffer);
    }

    /**
     * The length to claim for a message of {@code length} bytes: up to the end of its 32-byte
     * aligned frame, which Aeron would leave as padding anyway, within one frame's payload.
     */
    private int claimLengthFor(int length) {
        int frame = (length + DataHeaderFlyweight.HEADER_LENGTH + FrameDescriptor.FRAME_ALIGNMENT - 1)
                & -FrameDescriptor.FRAME_ALIGNMENT;
        return Math.min(maxClaimLength, frame - DataHeaderFlyweight.HEADER_LENGTH);
    }

    /** Writes header and document at the start of {@code out}'s buffer; returns the message length. */
    private int encode(Wire out, MessageType type, Object message) {
        Bytes bytes = out.bytes();
        MessageHeader.write(bytes, wire, type.typeId, type.fingerprint);
        if (type.marshaller != null) {
            out.writeDocument(message, type.marshaller);
        } else {
            out.writeDocument((Marshallable) message);
        }
        MessageHeader.patchDocumentLength(bytes, 0);
        return bytes.writePosition();
    }

    @Override
    public String toString() {
        return "WirePublication[" + wire + " on " + publication.channel() + " stream " + publication.streamId() + "]";
    }
}
