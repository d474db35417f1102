package io.zwire.cli.example;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.TypeAssertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examples docs/types.md, docs/sessions.md and docs/journal.md show, {@link VanReading} (a sequence) and
 * {@link DocumentBytes} (a document's bytes), hold what the pages say; and every line of every
 * block those pages mark as tested code is a line of the file the mark names.
 */
class DocsExamplesTest {
    private static final Path ROOT = Path.of("..");
    private static final Path EXAMPLES = Path.of("wire-cli/src/main/java/io/zwire/cli/example");
    private static final Path TEST_EXAMPLES = Path.of("wire-cli/src/test/java/io/zwire/cli/example");

    @Test
    void aVanReadingsSequenceRoundTripsOnEveryWire() {
        TypeAssertions.assertRoundTrips(VanReading::sample, VanReading::new);
        VanReading longer = new VanReading("VAN-8");
        for (int i = 0; i < 20; i++) {
            longer.add(i / 4.0);
        }
        for (WireType type : WireType.available()) {
            Wire wire = type.apply(Bytes.elastic(256));
            wire.writeDocument(longer);
            wire.writeDocument(VanReading.sample());
            wire.writeDocument(new VanReading("VAN-9"));
            VanReading reused = new VanReading();
            assertTrue(wire.readDocument(reused), type.name());
            assertEquals(longer, reused, type.name());
            assertEquals(20, reused.count(), type.name());
            assertTrue(wire.readDocument(reused), type.name());
            assertEquals(VanReading.sample(), reused, "no stale temperature after a longer reading, " + type);
            assertEquals(-0.5, reused.temperature(2), type.name());
            assertTrue(wire.readDocument(reused), type.name());
            assertEquals(0, reused.count(), "an empty sequence, " + type);
        }
    }

    /** YAML input written by hand: a flow sequence or a block one reads the same. */
    @Test
    void aVanReadingReadsFlowAndBlockSequencesOnYaml() {
        for (String yaml : new String[] {"van: VAN-7\ntemperatures: [4.5, 4.75, -0.5]\n",
                "van: VAN-7\ntemperatures:\n  - 4.5\n  - 4.75\n  - -0.5\n"}) {
            VanReading read = new VanReading();
            assertTrue(WireType.YAML.apply(Bytes.wrap(yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .readDocument(read), yaml);
            assertEquals(VanReading.sample(), read, yaml);
        }
    }

    /**
     * A million measured round trips per wire, in this JVM (about 10 s, so in the long profile);
     * VanReadingGarbageTest forks the strict check on BINARY in the default build.
     */
    @Test
    @Tag("long")
    void aVanReadingsRoundTripsAllocateNothingOnEveryWire() {
        GarbageAssertions.assertNoGarbageInProcess(VanReading::sample, VanReading::new);
    }

    @Test
    void aDocumentsBytesAndSizeComeOutOfItsBytesAndReadBack() {
        Wire wire = WireType.BINARY.apply(Bytes.elastic(64));
        wire.writeDocument(Order.sample());
        int size = wire.bytes().writePosition();

        ByteBuffer encoded = DocumentBytes.encode(Order.sample());
        assertTrue(encoded.isDirect());
        assertEquals(0, encoded.position());
        assertEquals(size, encoded.limit(), "the document's size");
        assertEquals(Order.sample(), DocumentBytes.decode(encoded));
        assertEquals(0, encoded.position(), "decoding moves none of the buffer's positions");

        wire.writeDocument(Order.sample());
        byte[] unread = DocumentBytes.unread(wire);
        assertEquals(2 * size, unread.length, "both documents, as neither has been read");
        assertEquals(0, wire.bytes().readPosition(), "no position moves");
        byte[] first = new byte[size];
        encoded.get(0, first);
        assertArrayEquals(first, java.util.Arrays.copyOf(unread, size));
        assertTrue(wire.readDocument(new Order()));
        assertEquals(size, DocumentBytes.unread(wire).length, "the second document is all that is left unread");
    }

    /**
     * Every java block marked {@code <!-- lines of tested code: FILE -->} in the README and the
     * guides is a run of FILE's lines, in order and contiguous (blank lines, javadoc and
     * indentation aside), so a reordered, dropped or invented line fails; and the sequence, Bytes, server and GarbageCheck
     * examples are each shown in such a block.
     */
    @Test
    void theMarkedBlocksOfTheDocsAreLinesOfTestedCode() throws IOException {
        Map<Path, Integer> checked = new HashMap<>();
        for (Path page : List.of(Path.of("README.md"), Path.of("docs/types.md"), Path.of("docs/sessions.md"),
                Path.of("docs/journal.md"))) {
            for (Map.Entry<Path, List<List<String>>> marked : JavaBlocks.markedIn(ROOT.resolve(page), ROOT).entrySet()) {
                Path file = marked.getKey();
                assertTrue(Files.isRegularFile(file), page + " marks a block as lines of " + file + ", which is no file");
                List<String> source = nonBlank(Files.readAllLines(file));
                for (List<String> block : marked.getValue()) {
                    List<String> lines = nonBlank(block);
                    assertTrue(Collections.indexOfSubList(source, lines) >= 0, () -> page + ": the block\n"
                            + String.join("\n", lines) + "\nis not a run of lines of " + file);
                    checked.merge(ROOT.relativize(file).normalize(), lines.size(), Integer::sum);
                }
            }
        }
        Map<Path, Integer> least = Map.of(EXAMPLES.resolve("VanReading.java"), 10,
                EXAMPLES.resolve("DocumentBytes.java"), 8, EXAMPLES.resolve("OrderDesk.java"), 15,
                TEST_EXAMPLES.resolve("VanReadingGarbageTest.java"), 2,
                Path.of("wire-journal/src/test/java/io/zwire/journal/JournalExampleTest.java"), 15);
        least.forEach((file, lines) -> assertFalse(checked.getOrDefault(file, 0) < lines,
                () -> "the docs show at least " + lines + " lines of " + file + " in marked blocks; found " + checked));
    }

    /** {@return the lines that are neither blank nor javadoc, stripped of indentation} */
    private static List<String> nonBlank(List<String> lines) {
        return lines.stream().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("/**")
                && !line.startsWith("*")).collect(Collectors.toList());
    }
}
