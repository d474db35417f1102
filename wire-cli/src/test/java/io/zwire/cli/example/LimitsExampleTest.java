package io.zwire.cli.example;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.TypeAssertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Limits}, the map example of the README and docs/types.md: what those pages promise of it
 * holds on every wire, and the code they show is this class's code, line for line.
 */
class LimitsExampleTest {
    private static final Path SOURCE = Path.of("src/main/java/io/zwire/cli/example/Limits.java");

    @Test
    void roundTripsOnEveryWire() {
        TypeAssertions.assertRoundTrips(Limits::sample, Limits::new);
        for (WireType type : WireType.available()) {
            Wire wire = type.apply(Bytes.elastic(256));
            wire.writeDocument(Limits.sample());
            Limits copy = new Limits();
            assertTrue(wire.readDocument(copy), type.name());
            assertEquals(Limits.sample(), copy, type.name());
            assertEquals(3_000_000.25, copy.limit("USDJPY"), type.name());
        }
    }

    /** The map is cleared before its entries are read, so a reused instance keeps no stale symbol. */
    @Test
    void aReusedInstanceHoldsOnlyTheLastDocumentsEntries() {
        for (WireType type : WireType.available()) {
            Wire wire = type.apply(Bytes.elastic(256));
            wire.writeDocument(Limits.sample());
            wire.writeDocument(new Limits().put("XAUUSD", 2.5));
            wire.writeDocument(new Limits());
            Limits reused = new Limits();
            assertTrue(wire.readDocument(reused), type.name());
            assertTrue(wire.readDocument(reused), type.name());
            assertEquals(new Limits().put("XAUUSD", 2.5), reused, type.name());
            assertTrue(Double.isNaN(reused.limit("EURUSD")), type.name());
            assertTrue(wire.readDocument(reused), type.name());
            assertEquals(0, reused.size(), type.name());
        }
    }

    /**
     * 60,001 distinct symbols (1.1 MiB of JSON) read in one document in time linear in their number:
     * a search of the arrays per key took 13.5 s here, the index takes milliseconds. The bound is
     * generous for a shared two-core machine and still far below the quadratic time; the other
     * wires read the same map back under the same bound.
     */
    @Test
    void sixtyThousandDistinctSymbolsReadInLinearTime() {
        int symbols = 60_001;
        StringBuilder json = new StringBuilder("{\"limits\":{");
        for (int i = 0; i < symbols; i++) {
            // One length for every symbol, so that telling two apart compares their characters.
            json.append(i == 0 ? "" : ",").append("\"SYM").append(100_000 + i).append("\":").append(i).append(".5");
        }
        Limits read = new Limits();
        assertReadsWithin(WireType.JSON.apply(Bytes.wrap(json.append("}}").toString().getBytes(StandardCharsets.UTF_8))),
                read, "JSON");
        assertEquals(symbols, read.size());
        assertEquals(4_321.5, read.limit("SYM104321"));
        assertEquals(60_000.5, read.limit("SYM160000"));
        assertTrue(Double.isNaN(read.limit("SYM160001")));
        for (WireType type : WireType.available()) {
            Wire wire = type.apply(Bytes.elastic(1 << 20));
            wire.writeDocument(read);
            Limits copy = new Limits().put("STALE", 1.0);
            assertReadsWithin(wire, copy, type.name());
            assertEquals(read, copy, type.name());
        }
    }

    private static void assertReadsWithin(Wire wire, Limits into, String name) {
        long started = System.nanoTime();
        assertTrue(wire.readDocument(into), name);
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertTrue(millis < 2_000, () -> name + ": 60,001 symbols took " + millis + " ms to read");
    }

    /**
     * 200,000 measured round trips per wire, after the users' assertion's full warm-up; with the
     * long proof below, which measures the default million, a long proof: the default build checks
     * maps' garbage on every wire in the wire modules (MapsZeroGarbageTest, CborMapsZeroGarbageTest,
     * MapGarbageTest).
     */
    @Test
    @Tag("long")
    void roundTripsAllocateNothingOnEveryWire() {
        GarbageAssertions.assertNoGarbageInProcess(Limits::sample, Limits::new, 200_000);
    }

    @Test
    @Tag("long")
    void aMillionRoundTripsAllocateNothingOnEveryWire() {
        GarbageAssertions.assertNoGarbageInProcess(Limits::sample, Limits::new);
    }

    /** Every line of every Java block in the README and docs/types.md that writes or reads a map is a line of {@link Limits}. */
    @Test
    void theReadmeAndTheTypesGuideShowThisClassesCode() throws IOException {
        Set<String> source = Files.readAllLines(SOURCE).stream().map(String::strip).collect(Collectors.toSet());
        int checked = 0;
        for (Path page : List.of(Path.of("../README.md"), Path.of("../docs/types.md"))) {
            for (List<String> block : JavaBlocks.of(Files.readAllLines(page))) {
                if (block.stream().noneMatch(line -> line.contains(".map(this"))) {
                    continue;
                }
                for (String line : block) {
                    assertTrue(line.isBlank() || source.contains(line.strip()), () -> page + ": `" + line.strip()
                            + "` is not a line of " + SOURCE.getFileName());
                    checked++;
                }
            }
        }
        assertFalse(checked < 10, "the README and docs/types.md show Limits' map code");
    }

    /**
     * Every line of every Java block in the README and docs/types.md that declares a marshaller is a
     * line of the tested test-kit classes (run on every wire by ForeignTypesContract), but for the
     * {@code // ...} lines that stand for fields left out.
     */
    @Test
    void theMarshallerExamplesAreLinesOfTestedCode() throws IOException {
        Path foreign = Path.of("../wire-api/src/test/java/io/zwire/testkit/foreign");
        Set<String> source = new java.util.HashSet<>();
        for (String file : List.of("QuoteMarshallers.java", "Records.java")) {
            Files.readAllLines(foreign.resolve(file)).forEach(line -> source.add(line.strip()));
        }
        int checked = 0;
        for (Path page : List.of(Path.of("../README.md"), Path.of("../docs/types.md"))) {
            for (List<String> block : JavaBlocks.of(Files.readAllLines(page))) {
                if (block.stream().noneMatch(line -> line.contains("Marshaller<"))) {
                    continue;
                }
                for (String line : block) {
                    if (line.isBlank() || line.strip().startsWith("// ...")) {
                        continue;
                    }
                    assertTrue(source.contains(line.strip()), () -> page + ": `" + line.strip()
                            + "` is not a line of QuoteMarshallers or Records");
                    checked++;
                }
            }
        }
        assertFalse(checked < 15, "the README and docs/types.md show the marshallers' code");
    }
}
