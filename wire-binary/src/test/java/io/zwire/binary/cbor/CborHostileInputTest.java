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
}
