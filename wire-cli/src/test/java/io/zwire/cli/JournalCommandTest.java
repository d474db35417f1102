package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.journal.JournalConfig;
import io.zwire.journal.JournalRecord;
import io.zwire.journal.JournalTailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.zwire.cli.ZwireRun.input;
import static io.zwire.cli.ZwireRun.zwire;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code zwire journal}: dump, tail, append and stats on real journals in temporary directories. */
class JournalCommandTest {
    private static final String ORDER = Order.class.getName();
    private static final Pattern HEADER = Pattern.compile(
            "# record (\\d+) at (\\S+Z): (\\w+), (\\d+) bytes(, checksummed)?");
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();

    @TempDir
    Path directory;

    static Order order(long id) {
        return new Order(id, "EURUSD", 1.08 + id, 1_000 * id, Side.BUY, new Party("Meridian", "MCP-" + id, id));
    }

    /** {@return a journal on {@code wire} holding Orders 1 to {@code count}} */
    private Journal journal(WireType wire, int count, boolean checksums) {
        return journal(wire, count, checksums, 1 << 16);
    }

    private Journal journal(WireType wire, int count, boolean checksums, int cycleSize) {
        JournalConfig.Builder config = JournalConfig.builder(wire, TYPES).cycleSize(cycleSize);
        if (checksums) {
            config.checksums();
        }
        Journal journal = Journal.open(directory, config.build());
        try (JournalAppender appender = journal.appender()) {
            for (int id = 1; id <= count; id++) {
                appender.append(order(id));
            }
        }
        return journal;
    }

    private static List<Matcher> headers(String out) {
        List<Matcher> headers = new ArrayList<>();
        for (String line : out.split("\n")) {
            Matcher matcher = HEADER.matcher(line);
            if (matcher.matches()) {
                headers.add(matcher);
            }
        }
        return headers;
    }

    private static String yamlOf(Marshallable message) {
        Wire yaml = WireType.YAML.apply(Bytes.elastic(512));
        yaml.writeDocument(message);
        return yaml.bytes().readableText();
    }

    @Test
    void dumpShowsEachRecordsIndexTimeTypeAndSizeThenItsDocumentAsYaml() {
        Instant before = Instant.now();
        journal(WireType.BINARY, 3, false);
        Instant after = Instant.now();
        ZwireRun run = zwire("journal", "dump", directory.toString());
        assertEquals(Command.OK, run.status(), run.err());
        List<Matcher> headers = headers(run.out());
        assertEquals(3, headers.size(), run.out());
        for (int i = 0; i < 3; i++) {
            Matcher header = headers.get(i);
            assertEquals(Long.toString(i), header.group(1));
            Instant time = Instant.parse(header.group(2));
            assertFalse(time.isBefore(before) || time.isAfter(after.plusMillis(1)), time + " outside " + before + ".." + after);
            assertEquals("Order", header.group(3));
            Wire binary = WireType.BINARY.apply(Bytes.elastic(256));
            binary.writeDocument(order(i + 1));
            assertEquals(binary.bytes().readRemaining(), Integer.parseInt(header.group(4)));
        }
        assertTrue(run.out().contains("symbol: EURUSD") && run.out().contains("account: MCP-2"), run.out());
        assertEquals(run.out(), zwire("journal", "dump", directory.toString(), "--type", ORDER).out(), "BINARY names its fields: the --type class reads it to the same YAML");
    }

    @Test
    void dumpShowsWhereACopiedRecordCameFrom() {
        Journal journal = Journal.open(directory, JournalConfig.builder(WireType.BINARY, TYPES).cycleSize(1 << 16).build());
        try (JournalAppender appender = journal.appender()) {
            appender.append(order(1), 3, 41);
            appender.append(order(2));
        }
        journal.close();
        ZwireRun run = zwire("journal", "dump", directory.toString());
        assertEquals(Command.OK, run.status(), run.err());
        String[] lines = run.out().split("\n");
        List<String> headerLines = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("# record ")) {
                headerLines.add(line);
            }
        }
        assertEquals(2, headerLines.size(), run.out());
        assertTrue(headerLines.get(0).endsWith(", from stream 3 at 41"), headerLines.get(0));
        assertFalse(headerLines.get(1).contains("from stream"), headerLines.get(1));
    }

    @Test
    void dumpStartsAtTheGivenIndexAndShowsAtMostCountRecords() {
        journal(WireType.JSON, 5, false);
        ZwireRun run = zwire("journal", "dump", directory.toString(), "--from", "0x1", "--count", "2");
        assertEquals(Command.OK, run.status(), run.err());
        List<Matcher> headers = headers(run.out());
        assertEquals(List.of("1", "2"), List.of(headers.get(0).group(1), headers.get(1).group(1)));
        assertEquals(2, headers.size());
        ZwireRun beyond = zwire("journal", "dump", directory.toString(), "--from", "99");
        assertEquals(Command.FAILED, beyond.status());
        assertTrue(beyond.err().contains("holds no record of index 99"), beyond.err());
    }

    @Test
    void dumpReportsACorruptRecordInTheMiddleAndGoesOnAfterIt() throws IOException {
        StoredRecord record = secondRecord(journal(WireType.BINARY, 3, true));
        long documentAt = indexOf(Files.readAllBytes(record.cycleFile()), record.document(), record.offset());
        overwrite(record.cycleFile(), documentAt + 3, 'X');
        ZwireRun run = zwire("journal", "dump", directory.toString());
        assertEquals(Command.FAILED, run.status(), run.err());
        List<Matcher> headers = headers(run.out());
        assertEquals(List.of("0", "2"), List.of(headers.get(0).group(1), headers.get(1).group(1)), run.out());
        assertTrue(run.err().contains("corrupt record") && run.err().contains("CRC32C")
                && run.err().contains("offset " + record.offset()), run.err());
        assertTrue(run.err().contains("2 records shown, 1 corrupt"), run.err());
    }

    @Test
    void aDocumentTheWireRefusesIsShownAsUnreadableAndReportedWithItsRecordAndTheDumpGoesOn() throws IOException {
        StoredRecord record = secondRecord(journal(WireType.BINARY, 3, false));
        long documentAt = indexOf(Files.readAllBytes(record.cycleFile()), record.document(), record.offset());
        overwrite(record.cycleFile(), documentAt, 0xff); // a CBOR break where a document starts
        ZwireRun run = zwire("journal", "dump", directory.toString());
        assertEquals(Command.FAILED, run.status(), run.err());
        assertEquals(3, headers(run.out()).size(), run.out());
        assertTrue(run.out().contains("# unreadable: see standard error\n# record 2"), run.out());
        assertTrue(run.err().startsWith("zwire journal: corrupt record 1 at offset " + record.offset() + " of "
                + record.cycleFile()), run.err());
        assertTrue(run.out().contains("id: 3"), run.out());
    }

    @Test
    void aLyingRecordLengthSkipsTheRestOfItsCycleAndTheDumpGoesOnInTheNext() throws IOException {
        StoredRecord record = secondRecord(journal(WireType.BINARY, 60, false, 4096));
        overwrite(record.cycleFile(), record.offset() + 3, 0x0f); // length bits 27..24: far past the cycle's end
        ZwireRun run = zwire("journal", "dump", directory.toString());
        assertEquals(Command.FAILED, run.status(), run.err());
        List<Matcher> headers = headers(run.out());
        assertEquals("0", headers.get(0).group(1));
        assertEquals(Long.toString(Journal.index(1, 0)), headers.get(1).group(1), "the next cycle's first record");
        assertTrue(run.err().contains("the rest of this cycle is skipped"), run.err());
        ZwireRun stats = zwire("journal", "stats", directory.toString());
        assertEquals(Command.FAILED, stats.status());
        assertTrue(stats.out().endsWith("corrupt  1\n"), stats.out());
    }

    @Test
    void aRawJournalIsShownAsHexWithoutItsTypeAndAsYamlWithIt() {
        journal(WireType.RAW, 1, false);
        ZwireRun hex = zwire("journal", "dump", directory.toString());
        assertEquals(Command.OK, hex.status(), hex.err());
        assertTrue(Pattern.compile("# RAW carries no field names: give --type to read it as YAML\n(# 00[0-3]0 ( [0-9a-f]{2}){1,16}\n){4}")
                .matcher(hex.out()).find(), hex.out());
        ZwireRun yaml = zwire("journal", "dump", directory.toString(), "--type", ORDER);
        assertEquals(Command.OK, yaml.status(), yaml.err());
        assertTrue(yaml.out().endsWith(yamlOf(order(1))), yaml.out());
        ZwireRun annotated = zwire("journal", "dump", directory.toString(), "--type", ORDER, "--hex");
        assertTrue(annotated.out().contains("\"EURUSD\""), annotated.out());
    }

    @Test
    void appendedYamlDumpsBackAndTheDumpAppendsToAnotherJournalAsTheSameMessages() throws IOException {
        String yaml = yamlOf(order(1)) + yamlOf(order(2));
        ZwireRun append = zwire(input(yaml), "journal", "append", directory.toString(), "--type", ORDER,
                "--wire", "numbered", "--cycle-size", "65536", "--checksums");
        assertEquals(Command.OK, append.status(), append.err());
        assertEquals("0\n1\n", append.out());
        assertTrue(append.err().contains("2 records appended"), append.err());

        ZwireRun dump = zwire("journal", "dump", directory.toString(), "--type", ORDER);
        assertEquals(Command.OK, dump.status(), dump.err());
        assertEquals(2, headers(dump.out()).size());
        assertEquals(yaml, dump.out().replaceAll("(?m)^#.*\n", ""), "the documents, as they were appended");

        Path copy = directory.resolve("copy");
        Path dumped = Files.writeString(directory.resolve("dump.yaml"), dump.out());
        ZwireRun again = zwire("journal", "append", copy.toString(), "--type", ORDER, "--wire", "yaml",
                "--cycle-size", "65536", "--file", dumped.toString());
        assertEquals("0\n1\n", again.out(), again.err());
        try (JournalTailer tailer = Journal.open(copy, JournalConfig.builder(WireType.YAML, TYPES).build()).tailer()) {
            assertEquals(order(1), tailer.read());
            assertEquals(order(2), tailer.read());
        }
    }

    @Test
    void tailFollowsRecordsAppendedAfterItStartsAndStopsAtCount() throws Exception {
        Journal journal = journal(WireType.BINARY, 2, false);
        CompletableFuture<ZwireRun> tail = CompletableFuture.supplyAsync(() ->
                zwire("journal", "tail", directory.toString(), "--count", "2", "--timeout", "20"));
        // The tail starts at the end: the two records already there are not shown. Appending until it
        // has seen two new ones bounds the wait without guessing how long the tail takes to start.
        try (JournalAppender appender = journal.appender()) {
            for (long id = 3; !tail.isDone() && id < 400; id++) {
                appender.append(order(id));
                Thread.sleep(50);
            }
        }
        ZwireRun run = tail.get(30, TimeUnit.SECONDS);
        assertEquals(Command.OK, run.status(), run.err());
        List<Matcher> headers = headers(run.out());
        assertEquals(2, headers.size(), run.out());
        assertTrue(Long.parseLong(headers.get(0).group(1)) >= 2, "a record appended before the tail started: " + run.out());

        long start = System.nanoTime();
        ZwireRun idle = zwire("journal", "tail", directory.toString(), "--timeout", "0.3");
        assertEquals(Command.OK, idle.status(), idle.err());
        assertEquals("", idle.out());
        assertTrue(System.nanoTime() - start >= 300_000_000L, "stopped before its timeout");
    }

    @Test
    void statsGivesTheWireTypesCyclesIndexesAndBytes() {
        journal(WireType.BINARY, 3, false);
        ZwireRun run = zwire("journal", "stats", directory.toString());
        assertEquals(Command.OK, run.status(), run.err());
        String fingerprint = String.format("%016x", io.zwire.Schema.of(Order::new).fingerprint());
        assertTrue(run.out().contains("wire     binary\n"), run.out());
        assertTrue(run.out().contains("type     Order, schema fingerprint " + fingerprint + "\n"), run.out());
        assertTrue(run.out().contains("cycle    0000000000.cycle, 65,536 bytes\n"), run.out());
        assertTrue(Pattern.compile("records  3, indexes 0 to 2, \\d+ bytes\n").matcher(run.out()).find(), run.out());
        assertTrue(run.out().endsWith("corrupt  0\n"), run.out());
    }

    @Test
    void aDirectoryWithoutAJournalAnUnknownTypeAMissingActionAndAMisplacedOptionAreNamed() throws IOException {
        ZwireRun empty = zwire("journal", "dump", directory.toString());
        assertEquals(Command.FAILED, empty.status());
        assertEquals("zwire journal: " + directory + " is not a journal (it holds no metadata.zwj)", empty.firstErrorLine());
        ZwireRun missing = zwire("journal", "stats", directory.resolve("nothing").toString());
        assertTrue(missing.firstErrorLine().endsWith("is not a journal (no such directory)"), missing.err());
        assertFalse(Files.exists(directory.resolve("nothing")), "reading creates nothing");
        ZwireRun noWire = zwire(input("id: 1\n"), "journal", "append", directory.toString(), "--type", ORDER);
        assertEquals(Command.FAILED, noWire.status());
        assertTrue(noWire.firstErrorLine().endsWith("is not a journal; give --wire WIRE to create one"), noWire.err());
        ZwireRun unknown = zwire(input("id: 1\n"), "journal", "append", directory.toString(), "--type", "com.acme.Nope",
                "--wire", "binary");
        assertEquals(Command.USAGE, unknown.status());
        assertTrue(unknown.firstErrorLine().contains("com.acme.Nope"), unknown.err());
        ZwireRun noAction = zwire("journal", directory.toString());
        assertEquals(Command.USAGE, noAction.status());
        assertTrue(noAction.firstErrorLine().contains("give an action (tail, dump, append, stats)"), noAction.err());
        ZwireRun misplaced = zwire("journal", "dump", directory.toString(), "--timeout", "1");
        assertEquals(Command.USAGE, misplaced.status());
        assertEquals("zwire journal: --timeout is for tail, not dump", misplaced.firstErrorLine());
        assertEquals("zwire journal: --file is for append, not stats",
                zwire("journal", "stats", directory.toString(), "--file", "x").firstErrorLine());
        assertTrue(zwire("journal", "--help").out().contains("zwire journal append PATH --type CLASS"));
        assertTrue(new String(zwire("--help").outBytes(), StandardCharsets.UTF_8).contains("journal"));
    }

    /**
     * Issue 34: dump, tail and stats opened the journal read-write: the open created the cycle
     * counter a journal of an earlier version lacks, a tail waiting past the claim timeout marked
     * a writer's claim abandoned, and dump and stats said nothing of the claim where they stopped.
     */
    @Test
    void dumpTailAndStatsLeaveEveryFileAsItWasAndCallAnUnpublishedClaimAnAppendInProgress() throws Exception {
        JournalRecord last = recordAt(journal(WireType.BINARY, 3, false), 2);
        writeInt(last.cycleFile(), last.offset() + last.size(), 0x8000_0000 | 40); // a claimed header: NOT_COMPLETE, 40 bytes
        Files.delete(directory.resolve("cycles.zwj"));
        Map<String, byte[]> before = files(directory);
        ZwireRun dump = zwire("journal", "dump", directory.toString());
        assertEquals(Command.OK, dump.status(), dump.err());
        assertEquals(3, headers(dump.out()).size(), dump.out());
        assertEquals("zwire journal: the record after index 2 is claimed and not yet published: an append in progress",
                dump.firstErrorLine());
        ZwireRun stats = zwire("journal", "stats", directory.toString());
        assertEquals(Command.OK, stats.status(), stats.err());
        assertTrue(stats.out().endsWith("pending  the record after index 2 is claimed and not yet published: an append in"
                + " progress\ncorrupt  0\n"), stats.out());
        // Past the claim timeout (1 s by default), where a read-write tailer marks the claim abandoned.
        ZwireRun tail = zwire("journal", "tail", directory.toString(), "--from", "0", "--timeout", "1.5");
        assertEquals(Command.OK, tail.status(), tail.err());
        assertEquals(3, headers(tail.out()).size(), tail.out());
        assertTrue(tail.firstErrorLine().contains("is claimed and was not published within the claim timeout"), tail.err());
        Map<String, byte[]> after = files(directory);
        assertEquals(before.keySet(), after.keySet(), "no file created or deleted");
        for (Map.Entry<String, byte[]> file : before.entrySet()) {
            assertArrayEquals(file.getValue(), after.get(file.getKey()), file.getKey() + " changed");
        }
        ZwireRun append = zwire(input("id: 4\n"), "journal", "append", directory.resolve("other").toString(),
                "--wire", "binary", "--type", ORDER);
        assertEquals(Command.OK, append.status(), append.err());
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(thread -> thread.isAlive()
                && thread.getName().startsWith("zwire-journal-cycles")), "a preparing thread left running");
    }

    /** Issue 34: a dump, which does not wait at a free header, stopped without a report at a zero word inside a record. */
    @Test
    void dumpReportsAZeroWordALoweredLengthLeadsToAndGoesOnAtTheNextIndexSlot() throws IOException {
        JournalRecord third = recordAt(journal(WireType.RAW, 70, false), 2);
        Path cycle = third.cycleFile();
        int zeroWord = -1;
        for (int offset = 24; offset < third.size() && zeroWord < 0; offset += 8) {
            zeroWord = readInt(cycle, third.offset() + offset) == 0 ? offset : -1;
        }
        assertTrue(zeroWord > 0, "a RAW Order holds an aligned zero word (its id's high half)");
        int header = readInt(cycle, third.offset());
        writeInt(cycle, third.offset(), (header & 0xF000_0000) | (zeroWord - 4));
        ZwireRun run = zwire("journal", "dump", directory.toString());
        assertEquals(Command.FAILED, run.status(), run.err());
        List<String> indexes = new ArrayList<>();
        for (Matcher header1 : headers(run.out())) {
            indexes.add(header1.group(1));
        }
        assertEquals(List.of("0", "1", "2", "64"), indexes.subList(0, 4), "records 3 to 63 are lost with the landing");
        assertEquals("69", indexes.get(indexes.size() - 1));
        assertTrue(run.err().contains("offset " + (third.offset() + zeroWord)) && run.err().contains("inside a record"),
                run.err());
        assertTrue(run.err().contains("9 records shown, 1 corrupt"), run.err());
    }

    /** Last stop's fix, untested then: zwire journal let a WireException or an IllegalArgumentException out as a stack trace. */
    @Test
    void aCorruptIndexSlotAndADocumentLargerThanACycleAreNamedWithStatusOneInsteadOfAStackTrace() throws IOException {
        JournalRecord record63 = recordAt(journal(WireType.BINARY, 70, false), 63);
        writeInt(record63.cycleFile(), 64 + 4, record63.offset()); // index slot 1, of record 64, rewritten to record 63
        ZwireRun dump = zwire("journal", "dump", directory.toString(), "--from", "64");
        assertEquals(Command.FAILED, dump.status(), dump.err());
        assertTrue(dump.firstErrorLine().startsWith("zwire journal: corrupt journal: ")
                && dump.firstErrorLine().contains("index slot 1"), dump.err());
        assertFalse(dump.err().contains("\tat "), dump.err());
        ZwireRun big = zwire(input("id: 1\nsymbol: " + "X".repeat(5000) + "\n"), "journal", "append",
                directory.resolve("small").toString(), "--wire", "binary", "--type", ORDER, "--cycle-size", "4096");
        assertEquals(Command.FAILED, big.status(), big.err());
        assertTrue(big.firstErrorLine().startsWith("zwire journal: ") && big.firstErrorLine().contains("takes more than the 4016 bytes a record of a 4096-byte cycle holds"),
                big.err());
        assertFalse(big.err().contains("\tat "), big.err());
    }

    /** {@return the record of {@code index} in cycle 0 of {@code journal}, read raw} */
    private static JournalRecord recordAt(Journal journal, int index) {
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            assertTrue(tailer.moveToIndex(index) && tailer.readRecord(record));
        }
        return record;
    }

    /** {@return every file of {@code directory} by name, with its bytes} */
    private static Map<String, byte[]> files(Path directory) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> listed = Files.list(directory)) {
            for (Path file : (Iterable<Path>) listed::iterator) {
                files.put(file.getFileName().toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }

    private static int readInt(Path file, long at) throws IOException {
        try (RandomAccessFile cycle = new RandomAccessFile(file.toFile(), "r")) {
            cycle.seek(at);
            return Integer.reverseBytes(cycle.readInt());
        }
    }

    private static void writeInt(Path file, long at, int value) throws IOException {
        try (RandomAccessFile cycle = new RandomAccessFile(file.toFile(), "rw")) {
            cycle.seek(at);
            cycle.writeInt(Integer.reverseBytes(value));
        }
    }

    /** Where a record is and its document's bytes, copied while its tailer holds the cycle. */
    private record StoredRecord(Path cycleFile, int offset, byte[] document) {
    }

    /**
     * The journal's second record. Its document is copied before the tailer closes: a
     * {@link JournalRecord}'s document is a view of the tailer's mapping, which JDK 22 and later
     * unmap once the tailer leaves.
     */
    private static StoredRecord secondRecord(Journal journal) {
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            assertTrue(tailer.readRecord(record) && tailer.readRecord(record));
            return new StoredRecord(record.cycleFile(), record.offset(), record.document().toByteArray());
        }
    }

    private static void overwrite(Path file, long at, int value) throws IOException {
        try (RandomAccessFile cycle = new RandomAccessFile(file.toFile(), "rw")) {
            cycle.seek(at);
            cycle.write(value);
        }
    }

    private static long indexOf(byte[] file, byte[] wanted, int from) {
        for (int at = from; at <= file.length - wanted.length; at++) {
            if (java.util.Arrays.equals(file, at, at + wanted.length, wanted, 0, wanted.length)) {
                return at;
            }
        }
        throw new AssertionError("the document is not in its cycle file after offset " + from);
    }
}
