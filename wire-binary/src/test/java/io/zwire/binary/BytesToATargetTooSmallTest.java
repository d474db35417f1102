package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Regression: on NUMBERED and BINARY, {@code bytesTo} into a target too small to take the bytes
 * threw with the reader still at them, and reading code that caught that read on from them: on
 * BINARY the bytes are the key "wide" and the value 7, which it read as the next field's, and on
 * NUMBERED 0x64 is a tag that ends a group, refused. Both now move past the bytes first; RAW always did.
 */
class BytesToATargetTooSmallTest {
    static final Field BLOB = Field.of(1, "blob");
    static final Field WIDE = Field.of(2, "wide");

    /** Writes bytes that are a key and a value of their own on BINARY, then an int32; reads the bytes into a one-byte target. */
    static final class CatchesATargetTooSmall implements Marshallable {
        RuntimeException refused;
        int wide;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(BLOB).bytes(new byte[] {0x64, 'w', 'i', 'd', 'e', 0x07}).write(WIDE).int32(-4);
        }

        @Override
        public void readMarshallable(WireIn in) {
            Bytes small = Bytes.wrap(new byte[1]);
            small.clear();
            try {
                in.read(BLOB).bytesTo(small);
            } catch (RuntimeException e) {
                refused = e;
            }
            in.read(WIDE).int32(this, (o, v) -> o.wide = v);
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"BINARY", "NUMBERED", "RAW"})
    void theReaderMovesPastTheBytesSoTheNextFieldReadsItsOwnValue(WireType type) {
        Wire wire = type.apply(Bytes.elastic(64));
        wire.writeDocument(new CatchesATargetTooSmall());
        CatchesATargetTooSmall copy = new CatchesATargetTooSmall();
        assertTrue(wire.readDocument(copy));
        assertTrue(copy.refused != null, "the one-byte target refuses six bytes");
        assertEquals(-4, copy.wide);
    }
}
