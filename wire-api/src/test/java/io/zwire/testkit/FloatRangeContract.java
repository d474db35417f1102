package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.WriteOnly;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * A float32 field given a float64 it cannot hold (too large, or non-zero and too small) refuses it,
 * as an int32 field refuses an integer beyond 32 bits, unless {@link WireOptions#withLossyFloats}
 * allows the loss; rounding, and an infinity written as one, are no loss. The keyed wires; NUMBERED
 * encodes the two kinds as different wire types, and RAW has no kinds on the wire.
 * {@link SelfDescribingWireContract} implements it.
 */
public interface FloatRangeContract {
    /**
     * The wire under test, with {@code options}.
     *
     * @param bytes   its buffer
     * @param options its options
     * @return the wire
     */
    Wire repeatsWire(Bytes bytes, WireOptions options);

    /** Reads its field as a float32. */
    final class Float32 implements Marshallable {
        /** The field written as a float64 and read as a float32. */
        static final Field VALUE = Field.of(1, "value");
        float value;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VALUE).float32(value);
        }

        @Override
        public void readMarshallable(WireIn in) {
            value = in.read(VALUE).float32();
        }
    }

    private Wire written(double value, boolean lossy) {
        Wire wire = repeatsWire(Bytes.elastic(64), WireOptions.defaults().withLossyFloats(lossy));
        assumeFalse(wire.type() == WireType.NUMBERED, "protobuf: a double is another wire type than a float");
        wire.writeDocument(new WriteOnly(out -> out.write(Float32.VALUE).float64(value)));
        wire.writeDocument(new WriteOnly(out -> out.write(Float32.VALUE).float64(2.5)));
        return wire;
    }

    private float read(Wire wire) {
        Float32 read = new Float32();
        assertTrue(wire.readDocument(read));
        return read.value;
    }

    @Test
    default void aFloat32FieldRefusesAFiniteNumberItCannotHoldAndTheNextDocumentReads() {
        for (double value : new double[] {1e300, -1e300, 1e-50, -1e-50, 3.5e38}) {
            Wire wire = written(value, false);
            WireException e = assertThrows(WireException.class, () -> read(wire), () -> value + " as a float32");
            assertTrue(e.getMessage().contains("a float32 within its range"), e.getMessage());
            assertEquals(2.5f, read(wire));
        }
    }

    @Test
    default void lossyFloatsReadsThemAsInfinityOrZero() {
        assertEquals(Float.POSITIVE_INFINITY, read(written(1e300, true)));
        assertEquals(Float.NEGATIVE_INFINITY, read(written(-1e300, true)));
        assertEquals(0f, read(written(1e-50, true)));
    }

    @Test
    default void roundingZeroAndInfinityWrittenAsSuchAreNoLoss() {
        assertEquals(1.1f, read(written(1.1, false)));
        assertEquals(0f, read(written(0, false)));
        assertEquals(Float.MAX_VALUE, read(written(Float.MAX_VALUE, false)));
        assertEquals(Float.MIN_VALUE, read(written(Float.MIN_VALUE, false)));
        assertEquals(Float.POSITIVE_INFINITY, read(written(Double.POSITIVE_INFINITY, false)));
        assertEquals(Float.NEGATIVE_INFINITY, read(written(Double.NEGATIVE_INFINITY, false)));
        assertTrue(Float.isNaN(read(written(Double.NaN, false))));
    }
}
