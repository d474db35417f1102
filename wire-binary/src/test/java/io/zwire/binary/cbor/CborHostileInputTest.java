package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.WorkBound;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Work on plain values stays proportional to the input's size, whatever keys a peer chooses. */
class CborHostileInputTest {
    private static final int MAP = 5;
    private static final int ARRAY = 4;

    /** The unsigned 32 bits of -31 i, whose {@code Long.hashCode()} is -31 i. */
    private static long collidingPartner(long i) {
        return (-31L * i) & 0xFFFFFFFFL;
    }

    /** Array keys {@code [i, collidingPartner(i)]}, whose {@code List.hashCode()}s are all 961, each with the value i. */
    private static void collidingEntries(CborBytes cbor, long from, long count) {
        for (long i = from; i < from + count; i++) {
            cbor.head(ARRAY, 2).head(0, i).head(0, collidingPartner(i)).head(0, i);
        }
    }

    @Test
    void fortyThousandCollidingArrayKeysInOneMapStopAtMaxComplexKeysQuickly() {
        assertEquals(961, List.of(12_345L, collidingPartner(12_345)).hashCode());
        CborBytes cbor = new CborBytes().head(MAP, 40_000);
        collidingEntries(cbor, 0, 40_000);
        Wire wire = WireType.BINARY.apply(Bytes.wrap(cbor.toByteArray()));
        WorkBound.refusedQuickly(() -> wire.readValue(value -> { }), "maxComplexKeys 64");
    }

    @Test
    void fortyThousandCollidingArrayKeysSpreadOverMapsWithinTheLimitAreReadQuickly() throws Throwable {
        CborBytes cbor = new CborBytes().head(ARRAY, 625);
        for (long m = 0; m < 625; m++) {
            cbor.head(MAP, 64);
            collidingEntries(cbor, m * 64, 64);
        }
        Wire wire = WireType.BINARY.apply(Bytes.wrap(cbor.toByteArray()));
        List<Object> documents = new ArrayList<>();
        WorkBound.completesQuickly(() -> assertTrue(wire.readValue(documents::add)));
        List<?> maps = (List<?>) documents.get(0);
        assertEquals(625, maps.size());
        assertEquals(39_999L, ((Map<?, ?>) maps.get(624)).get(List.of(39_999L, collidingPartner(39_999))));
    }

    @Test
    void mapAndTaggedKeysCountAsComplexKeys() {
        WireOptions two = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxComplexKeys(2));
        CborBytes within = CborBytes.of(0xA3, 0xA0, 0x01, 0xD8, 27, 0x82).text("T").raw(0x01, 0x02).text("a").raw(0x03);
        List<Object> documents = new ArrayList<>();
        assertTrue(WireType.BINARY.apply(Bytes.wrap(within.toByteArray()), two).readValue(documents::add));
        assertEquals(3, ((Map<?, ?>) documents.get(0)).size());
        CborBytes beyond = CborBytes.of(0xA3, 0xA0, 0x01, 0xD8, 27, 0x82).text("T").raw(0x01, 0x02, 0x80, 0x03);
        Wire wire = WireType.BINARY.apply(Bytes.wrap(beyond.toByteArray()), two);
        WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        assertTrue(e.getMessage().contains("maxComplexKeys 2"), e.getMessage());
    }

    /** Byte strings of 16 blocks "Aa" or "BB", whose {@code Arrays.hashCode}s are all equal. */
    private static byte[] collidingBytes(int i) {
        byte[] data = new byte[32];
        for (int block = 0; block < 16; block++) {
            boolean aa = (i >>> block & 1) == 0;
            data[2 * block] = (byte) (aa ? 'A' : 'B');
            data[2 * block + 1] = (byte) (aa ? 'a' : 'B');
        }
        return data;
    }

    /**
     * Byte-string keys are kept as {@code byte[]} and checked for duplicates by content, with
     * hashes a peer can make collide: the check must stay fast, and writing the map back too (with
     * a key class that {@code HashMap} cannot keep in a tree, one not {@code Comparable} to itself
     * as {@code ByteBuffer}'s runtime classes are not, reading this took 25 s).
     */
    @Test
    void fortyThousandCollidingByteStringKeysInOneMapAreReadQuickly() throws Throwable {
        assertEquals(java.util.Arrays.hashCode(collidingBytes(0)), java.util.Arrays.hashCode(collidingBytes(12_345)));
        CborBytes cbor = new CborBytes().head(MAP, 40_000);
        for (int i = 0; i < 40_000; i++) {
            byte[] key = collidingBytes(i);
            cbor.head(2, key.length).raw(unsigned(key)).head(0, i);
        }
        Wire wire = WireType.BINARY.apply(Bytes.wrap(cbor.toByteArray()));
        List<Object> documents = new ArrayList<>();
        WorkBound.completesQuickly(() -> assertTrue(wire.readValue(documents::add)));
        Map<?, ?> map = (Map<?, ?>) documents.get(0);
        assertEquals(40_000, map.size());
        Bytes written = Bytes.elastic(1 << 20);
        WorkBound.completesQuickly(() -> WireType.BINARY.apply(written).writeValue(map));
    }

    private static int[] unsigned(byte[] data) {
        int[] values = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            values[i] = data[i] & 0xFF;
        }
        return values;
    }
}
