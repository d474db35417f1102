package io.zwire.bench.codec;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.bench.model.Workload;
import io.zwire.test.AllocationMeter;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A benchmark of a codec that does not round-trip would measure nothing: every pair is checked here. */
class CodecsTest {
    @Test
    void everyCodecRoundTripsEveryWorkload() {
        for (String name : Codecs.names()) {
            for (Workload workload : Workload.values()) {
                BenchCodec codec = Codecs.create(name, workload);
                assertThrows(IllegalStateException.class, codec::decode, name + " decodes nothing before an encode");
                int size = codec.encode();
                assertTrue(size > 0, name + " " + workload);
                assertEquals(codec.source(), codec.decode(), name + " " + workload);
                assertEquals(size, codec.encode(), name + " " + workload + " encodes to the same size again");
                assertEquals(codec.source(), codec.decode(), name + " " + workload + " decodes again");
            }
        }
    }

    @Test
    void theVarHandleBaselineWritesExactlyTheRawLayout() {
        for (Workload workload : Workload.values()) {
            Wire wire = WireType.RAW.apply(Bytes.elastic(1024));
            wire.writeDocument(workload.source());
            BenchCodec baseline = Codecs.create(Codecs.VARHANDLE, workload);
            baseline.encode();
            assertArrayEquals(wire.bytes().toByteArray(), baseline.encoded(),
                    workload + ": the baseline must do the same work as RAW");
        }
    }

    @Test
    void theSbePeerRoundTripsEveryWorkloadWithoutAllocatingOnceItHasSeenItsTexts() {
        for (Workload workload : Workload.values()) {
            BenchCodec sbe = Codecs.create(Codecs.SBE, workload);
            sbe.encode();
            sbe.decode();
            long allocated = AllocationMeter.allocatedDuring(() -> {
                for (int i = 0; i < 1_000; i++) {
                    sbe.encode();
                    sbe.decode();
                }
            });
            assertEquals(0, allocated, workload + ": bytes allocated by 1,000 SBE round trips");
        }
    }

    @Test
    void encodedIsACopyOfTheLastEncoding() {
        for (String name : Codecs.names()) {
            BenchCodec codec = Codecs.create(name, Workload.ORDER);
            assertThrows(IllegalStateException.class, codec::encoded, name);
            int size = codec.encode();
            assertEquals(size, codec.encoded().length, name);
        }
    }

    @Test
    void theBenchmarkOrderIsAbout250BytesOnTheBinaryWireWithNames() {
        int size = Codecs.create(WireType.BINARY.name(), Workload.ORDER).encode();
        assertTrue(size >= 240 && size <= 270, "BINARY order is " + size + " bytes; the workload is meant to be about 250");
    }

    @Test
    void unknownCodecsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Codecs.create("avro", Workload.INTS14));
        assertTrue(e.getMessage().contains("protobuf"), e.getMessage());
        assertEquals("zwire RAW", Codecs.label("RAW"));
        assertEquals("jackson", Codecs.label("jackson"));
    }
}
