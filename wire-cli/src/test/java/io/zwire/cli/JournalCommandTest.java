package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.cli.example.Order;
import io.zwire.cli.example.Party;
import io.zwire.cli.example.Side;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.zwire.cli.ZwireRun.input;
import static io.zwire.cli.ZwireRun.zwire;
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
        JournalRecord record = secondRecord(journal(WireType.BINARY, 3, true));
        long documentAt = indexOf(Files.readAllBytes(record.cycleFile()), record.document().toByteArray(), record.offset());
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
        JournalRecord record = secondRecord(journal(WireType.BINARY, 3, false));
        long documentAt = indexOf(Files.readAllBytes(record.cycleFile()), record.document().toByteArray(), record.offset());
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
        JournalRecord record = secondRecord(journal(WireType.BINARY, 60, false, 4096));
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

    /** {@return the second record of {@code journal}, read raw} */
    private static JournalRecord secondRecord(Journal journal) {
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            assertTrue(tailer.readRecord(record) && tailer.readRecord(record));
        }
        return record;
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
