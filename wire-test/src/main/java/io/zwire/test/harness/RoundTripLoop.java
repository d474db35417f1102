package io.zwire.test.harness;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireType;

import java.util.Arrays;

/**
 * The unit the garbage checks measure: write {@code source} as one document, then read it back
 * into the reused {@code target}, over one wire and one buffer that are both reused. The same loop
 * runs in the forked probe and in {@link io.zwire.test.GarbageAssertions}, so both measure the
 * same thing. A type that is not {@code Marshallable} goes through its {@link Marshaller}: read
 * into the object the previous read returned (the same one for a mutable type, a new one per read
 * for an immutable type, which is then the allocation measured).
 *
 * <p>Not thread-safe.
 */
public final class RoundTripLoop {
    /** Large enough for the model types, so the buffer does not grow during the measurement. */
    private static final int INITIAL_CAPACITY = 4096;

    private final Wire wire;
    private final Marshallable source;
    private final Marshallable target;
    /** A foreign type's marshaller, source and last object read; null for a {@code Marshallable}. */
    private final Marshaller<Object> marshaller;
    private final Object foreignSource;
    private Object foreignTarget;

    /**
     * A loop over a new wire of {@code type}. Allocates the wire and its buffer.
     *
     * @throws IllegalStateException if the wire's module is not present
     */
    public RoundTripLoop(WireType type, Marshallable source, Marshallable target) {
        this.wire = type.apply(Bytes.elastic(INITIAL_CAPACITY));
        this.source = source;
        this.target = target;
        this.marshaller = null;
        this.foreignSource = null;
    }

    /**
     * A loop over a new wire of {@code type} for a type read through {@code marshaller}; the target
     * is made by the first read. Allocates the wire and its buffer.
     *
     * @throws IllegalStateException if the wire's module is not present
     */
    public RoundTripLoop(WireType type, Object source, Marshaller<Object> marshaller) {
        this.wire = type.apply(Bytes.elastic(INITIAL_CAPACITY));
        this.source = null;
        this.target = null;
        this.marshaller = marshaller;
        this.foreignSource = source;
    }

    private void write(boolean again) {
        if (marshaller == null) {
            wire.writeDocument(again ? target : source);
        } else {
            wire.writeDocument(again ? foreignTarget : foreignSource, marshaller);
        }
    }

    private boolean read() {
        if (marshaller == null) {
            return wire.readDocument(target);
        }
        foreignTarget = wire.readDocument(foreignTarget, marshaller);
        return foreignTarget != null;
    }

    /**
     * Checks, once, that the round trip is faithful: the target, written again, must give the
     * same bytes as the source. A type whose read and write disagree would otherwise be measured
     * as doing less work than it should. Allocates (copies of the documents).
     *
     * @return the size of the source's document in bytes
     * @throws IllegalStateException if the target does not write back the source's bytes
     * @throws RuntimeException      whatever writing or reading throws (e.g. a {@code WireException})
     */
    public int verify() {
        Bytes bytes = wire.bytes();
        bytes.clear();
        write(false);
        byte[] written = bytes.toByteArray();
        if (!read()) {
            throw new IllegalStateException(wire.type() + " found no document after writing one");
        }
        bytes.clear();
        write(true);
        byte[] rewritten = bytes.toByteArray();
        if (!Arrays.equals(written, rewritten)) {
            throw new IllegalStateException((marshaller != null ? marshaller.type() : source.getClass()).getName()
                    + " over " + wire.type()
                    + ": the copy read back writes " + rewritten.length + " bytes that differ from the "
                    + written.length + " of the original; readMarshallable and writeMarshallable disagree");
        }
        return written.length;
    }

    /**
     * One round trip. Allocates only what the type and the wire allocate: the quantity measured.
     *
     * @throws IllegalStateException if the document just written cannot be found
     */
    public void roundTrip() {
        wire.bytes().clear();
        write(false);
        if (!read()) {
            throw new IllegalStateException(wire.type() + " found no document after writing one");
        }
    }

    /** {@code count} round trips; see {@link #roundTrip()}. */
    public void run(long count) {
        for (long i = 0; i < count; i++) {
            roundTrip();
        }
    }
}
