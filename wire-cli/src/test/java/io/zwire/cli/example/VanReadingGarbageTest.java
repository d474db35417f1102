package io.zwire.cli.example;

import io.zwire.WireType;
import io.zwire.test.GarbageCheck;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link GarbageCheck} examples of docs/types.md, each forking two JVMs over one wire
 * (a couple of seconds): a type that allocates nothing, and a record that allocates one instance
 * per read by design. The record's check is in the long profile: the default build already
 * checks a record's allocation by design ({@code GarbageAssertionsTest}), and every second of it counts.
 */
class VanReadingGarbageTest {
    @Test
    void aVanReadingIsGarbageFreeInTheStrictSense() {
        GarbageCheck.of(VanReading.class).wires(WireType.BINARY).roundTrips(200_000).assertClean();
    }

    @Test
    @Tag("long")
    void aPositionAllocatesOneRecordPerReadAndNothingElse() {
        String report = GarbageCheck.of(Position.class, "MARSHALLER").wires(WireType.BINARY).roundTrips(200_000)
                .assertAllocatesByDesign(24);
        assertTrue(report.contains("as designed"), report);
    }
}
