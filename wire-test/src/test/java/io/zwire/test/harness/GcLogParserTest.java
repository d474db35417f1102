package io.zwire.test.harness;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GcLogParserTest {
    private static final String READY = "zwire-probe ready java=17.0.15 eden=10485760 document=60";
    private static final String FORCED = "[0.172s][info][gc] GC(3) Pause Full (System.gc()) 2M->1M(62M) 3.020ms";
    private static final String YOUNG = "[0.270s][info][gc] GC(%d) Pause Young (Allocation Failure) 11M->1M(62M) 0.072ms";
    private static final String RESULT = "zwire-probe result roundTrips=10000000 allocatedBytes=480000000 nanos=812345678";

    private static List<String> log(int youngBefore, int youngInside, String... extraInside) {
        List<String> lines = new ArrayList<>();
        lines.add("[0.003s][info][gc] Using Serial");
        lines.add(READY);
        for (int i = 0; i < youngBefore; i++) {
            lines.add(String.format(YOUNG, i));
        }
        lines.add("zwire-probe forcing-gc");
        lines.add(FORCED);
        lines.add("zwire-probe start");
        for (int i = 0; i < youngInside; i++) {
            lines.add(String.format(YOUNG, 10 + i));
        }
        lines.addAll(List.of(extraInside));
        lines.add("zwire-probe end");
        lines.add(RESULT);
        lines.add(String.format(YOUNG, 99));
        return lines;
    }

    @Test
    void countsOnlyTheYoungCollectionsBetweenTheMarkers() {
        ProbeReport report = GcLogParser.parse(log(5, 46));
        assertEquals(46, report.youngGcs());
        assertEquals(0, report.fullGcs());
        assertEquals(10_000_000, report.roundTrips());
        assertEquals(480_000_000, report.allocatedBytes());
        assertEquals(10_485_760, report.edenBytes());
        assertEquals(60, report.documentBytes());
        assertEquals("17.0.15", report.javaVersion());
        assertEquals(46 * 10_485_760 / 1e7, report.gcBytesPerRoundTrip(), 1e-9);
        assertEquals(48.0, report.exactBytesPerRoundTrip(), 1e-9);
        assertEquals(81.2345678, report.nanosPerRoundTrip(), 1e-6);
    }

    @Test
    void noCollectionsIsZeroOnlyWhenTheForcedOneWasSeen() {
        assertEquals(0, GcLogParser.parse(log(0, 0)).youngGcs());
    }

    @Test
    void fullCollectionsInsideTheMarkersAreCountedApart() {
        ProbeReport report = GcLogParser.parse(log(0, 2, "[1.0s][info][gc] GC(50) Pause Full (Allocation Failure) 60M->2M(62M) 9.1ms"));
        assertEquals(2, report.youngGcs());
        assertEquals(1, report.fullGcs());
    }

    @Test
    void otherOutputBetweenTheMarkersIsIgnored() {
        ProbeReport report = GcLogParser.parse(log(0, 1, "OpenJDK 64-Bit Server VM warning: something unrelated"));
        assertEquals(1, report.youngGcs());
    }

    @Test
    void aLogWithoutTheForcedCollectionIsAnErrorNotAZero() {
        List<String> lines = log(0, 0);
        lines.remove(FORCED);
        GcLogException e = assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
        assertTrue(e.getMessage().contains("System.gc()"), e.getMessage());
    }

    @Test
    void aLogInAnotherFormatIsAnError() {
        // -verbose:gc with other decorations: the lines are there but not in the format the parser knows.
        List<String> lines = log(0, 0);
        lines.replaceAll(line -> line.startsWith("[") ? line.replaceFirst("^\\[[^]]*]\\[info]\\[gc]", "2026-01-01T00:00:00 gc:") : line);
        assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
    }

    @Test
    void unparseableTextIsAnError() {
        assertThrows(GcLogException.class, () -> GcLogParser.parse(List.of("Error: Could not find or load main class", "")));
        assertThrows(GcLogException.class, () -> GcLogParser.parse(List.of()));
    }

    @Test
    void anUnknownCollectionBetweenTheMarkersIsAnError() {
        List<String> lines = log(0, 1, "[1.0s][info][gc] GC(51) Concurrent Mark Cycle 12.3ms");
        GcLogException e = assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
        assertTrue(e.getMessage().contains("Concurrent Mark"), e.getMessage());
    }

    @Test
    void markersOutOfOrderAreAnError() {
        List<String> lines = log(0, 0);
        lines.remove("zwire-probe end");
        lines.add("zwire-probe end");
        assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
    }

    @Test
    void aProbeErrorIsReportedWithItsMessage() {
        List<String> lines = List.of(READY, "zwire-probe error java.lang.IllegalStateException: boom");
        GcLogException e = assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
        assertTrue(e.getMessage().contains("boom"), e.getMessage());
    }

    @Test
    void aMalformedResultIsAnError() {
        List<String> lines = log(0, 0);
        lines.set(lines.indexOf(RESULT), "zwire-probe result roundTrips=ten allocatedBytes=0 nanos=1");
        assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
    }
}
