package io.zwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.test.usertypes.CapturingBookUpdate;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.Ints14;
import io.zwire.example.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static io.zwire.cli.ZwireRun.zwire;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ZwireCliTest {
    private static void assertUsageError(ZwireRun run, String expectedInFirstLine) {
        assertEquals(Command.USAGE, run.status(), run.err());
        assertTrue(run.firstErrorLine().startsWith("zwire"), run.err());
        assertTrue(run.firstErrorLine().contains(expectedInFirstLine), run.firstErrorLine());
        assertTrue(run.err().contains("usage: zwire"), "the usage follows the error: " + run.err());
        assertEquals("", run.out(), "nothing on standard output");
    }

    @Test
    void badCommandLinesExitWithStatus2AndTheUsage() {
        assertUsageError(zwire(), "no command given");
        assertUsageError(zwire("frobnicate"), "unknown command 'frobnicate'");
        assertUsageError(zwire("demo", "--colour"), "unknown option --colour");
        assertUsageError(zwire("demo", "extra"), "unexpected argument 'extra'");
        assertUsageError(zwire("demo", "--wire", "xml"), "unknown wire 'xml'");
        assertUsageError(zwire("garbage", "--round-trips", "many"), "--round-trips needs a whole number");
        assertUsageError(zwire("garbage", "--round-trips", "0"), "--round-trips must be at least 1");
        assertUsageError(zwire("garbage", "--threshold", "-1"), "--threshold needs a non-negative number");
        assertUsageError(zwire("garbage", "--format", "xml"), "--format must be one of table, markdown, json");
        assertUsageError(zwire("garbage", "--out"), "--out needs a value");
        assertUsageError(zwire("garbage", "--no-sibling-jdks=yes"), "--no-sibling-jdks takes no value");
        assertUsageError(zwire("garbage", "--type", "com.example.Missing"), "com.example.Missing not found");
        assertUsageError(zwire("garbage", "--type", "java.lang.String"), "does not implement");
        assertUsageError(zwire("garbage", "--type", Ints14.class.getName(), "--suite", "example"), "not both");
        assertUsageError(zwire("garbage", "--suite", "everything"), "unknown suite 'everything'");
        assertUsageError(zwire("garbage", "--jdk", "/no/such/jdk"), "not a Java installation");
        assertUsageError(zwire("bench"), "unknown command 'bench'");
        assertUsageError(zwire("convert", "--from", "raw"), "needs both --from and --to");
        assertUsageError(zwire("convert", "--from", "bson", "--to", "raw"), "unknown wire 'bson'");
    }

    @Test
    void convertRefusesRawInOneLine() {
        ZwireRun run = zwire("convert", "--from", "raw", "--to", "raw");
        assertEquals(Command.USAGE, run.status());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("cannot be converted"), run.err());
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : List.of("demo", "garbage", "convert", "serve", "send")) {
            ZwireRun run = zwire(command, "--help");
            assertEquals(Command.OK, run.status(), command);
            assertTrue(run.out().contains("usage: zwire " + command), run.out());
            assertTrue(run.out().contains("--help"), run.out());
            assertEquals(run.out(), zwire("help", command).out());
        }
        ZwireRun top = zwire("--help");
        assertEquals(Command.OK, top.status());
        assertTrue(top.out().contains("garbage") && top.out().contains("convert"), top.out());
    }

    @Test
    void demoShowsEveryAvailableWireAndReadsBackEqualCopies() {
        ZwireRun run = zwire("demo");
        assertEquals(Command.OK, run.status(), run.out() + run.err());
        assertTrue(run.out().contains(Order.sample().toString()), run.out());
        for (WireType wire : WireType.available()) {
            assertTrue(run.out().contains("== " + wire + ":"), run.out());
        }
        assertEquals(WireType.available().size(), run.out().lines().filter(l -> l.equals("read back: equal to the original")).count());
        assertTrue(run.out().contains("0004  41 42 0f 00 00 00 00 00     1 id: int64 1000001"),
                "RAW is annotated through the Order's schema: " + run.out());
        assertTrue(run.out().contains("0000  bf                        map, indefinite length"),
                "BINARY is annotated: " + run.out());
        assertTrue(run.out().contains("as YAML:\n---\nid: 1000001\n"), "BINARY is also shown as YAML: " + run.out());
    }

    @Test
    void garbageReportsCleanTypesAsCleanAndExitsZero() throws IOException {
        ZwireRun run = zwire("garbage", "--type", Ints14.class.getName(), "--wire", "raw", "--no-sibling-jdks",
                "--round-trips", "1M", "--warm-up", "500k", "--format", "json");
        assertEquals(Command.OK, run.status(), run.out() + run.err());
        assertTrue(run.err().contains("[1/1] Ints14 over RAW"), "progress on standard error: " + run.err());
        try (JsonParser json = new JsonFactory().createParser(run.out())) {
            boolean sawClean = false;
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME && json.currentName().equals("result")) {
                    json.nextToken();
                    sawClean = json.getText().equals("CLEAN");
                }
            }
            assertTrue(sawClean, run.out());
        }
        assertTrue(run.out().contains("\"asCompiled\"") && run.out().contains("\"noEscapeAnalysis\""),
                "both runs reported: " + run.out());
    }

    @Test
    void garbageExitsOneWhenATypeAllocates(@TempDir Path dir) throws IOException {
        assertBoxingOrderFailsIntoAMarkdownReport(dir.resolve("report.md"));
    }

    /**
     * As above, with the diagnosis: a JVM more, sampling for seconds, so in the long proofs
     * (GarbageDiagnosisTest forks the same diagnosis through the API in the default build).
     */
    @Test
    @Tag("long")
    void garbageWhereNamesEachBoxedFieldAsAFault(@TempDir Path dir) throws IOException {
        String markdown = assertBoxingOrderFailsIntoAMarkdownReport(dir.resolve("report.md"), "--where");
        // --where: both boxed fields named, each a fault rather than a design.
        for (String field : List.of("field id (1)", "field qty (4)")) {
            assertTrue(Pattern.compile("java\\.lang\\.Long at Long\\.valueOf:\\d+, from BoxingOrder\\.lambda\\$readMarshallable"
                    + "\\$\\d+:\\d+\\s+" + Pattern.quote(field) + ", in BoxingOrder\\.readMarshallable:\\d+: NOT BY DESIGN: boxing")
                    .matcher(markdown).find(), markdown);
        }
    }

    private static String assertBoxingOrderFailsIntoAMarkdownReport(Path report, String... options) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("garbage", "--type", BoxingOrder.class.getName(), "--wire",
                "raw", "--no-sibling-jdks", "--round-trips", "200k", "--warm-up", "100k", "--format", "markdown", "--out",
                report.toString()));
        arguments.addAll(List.of(options));
        ZwireRun run = zwire(arguments.toArray(String[]::new));
        assertEquals(Command.FAILED, run.status(), run.err());
        String markdown = Files.readString(report);
        assertTrue(markdown.contains("|BoxingOrder|RAW|"), markdown);
        assertTrue(markdown.contains("GARBAGE"), markdown);
        return markdown;
    }

    /** Regression: --where matched results to types by simple name, so each BoxedCount got both diagnoses. */
    @Test
    @Tag("long")
    void garbageWhereTellsTwoTypesOfTheSameSimpleNameApart() {
        ZwireRun run = zwire("garbage", "--type", io.zwire.test.usertypes.BoxedCount.class.getName() + ","
                        + io.zwire.test.usertypes.other.BoxedCount.class.getName(), "--wire", "raw", "--no-sibling-jdks",
                "--round-trips", "200k", "--warm-up", "100k", "--where");
        assertEquals(Command.FAILED, run.status(), run.err());
        String[] diagnoses = run.out().split("Where BoxedCount allocates over RAW", -1);
        assertEquals(3, diagnoses.length, run.out());
        assertTrue(diagnoses[1].contains("field count (2)") && !diagnoses[1].contains("field total (1)"), run.out());
        assertTrue(diagnoses[2].contains("field total (1)") && !diagnoses[2].contains("field count (2)"), run.out());
    }

    @Test
    void garbageFailsACapturingTypeByNameBeforeForkingAndMeasuresItOnlyWhenAsked() throws IOException {
        ZwireRun run = zwire("garbage", "--type", CapturingBookUpdate.class.getName(), "--wire", "yaml,raw", "--no-sibling-jdks");
        assertEquals(Command.FAILED, run.status(), run.out() + run.err());
        for (String field : List.of("seq (1)", "bid (3)", "ask (4)", "qty (5)")) {
            assertTrue(run.out().contains(field), field + " named: " + run.out());
        }
        assertFalse(run.err().contains("[1/"), "no probe ran: " + run.err());
        assertEquals(2, run.out().lines().filter(l -> l.startsWith("CapturingBookUpdate ") && l.endsWith("CAPTURES")).count(),
                run.out());

        // Measured on request: without escape analysis the four capturing setters are four objects per read.
        ZwireRun measured = zwire("garbage", "--type", CapturingBookUpdate.class.getName(), "--wire", "raw", "--no-sibling-jdks",
                "--measure-capturing", "--round-trips", "500k", "--warm-up", "100k", "--format", "json");
        assertEquals(Command.FAILED, measured.status(), measured.out() + measured.err());
        try (JsonParser json = new JsonFactory().createParser(measured.out())) {
            double strictBytes = -1;
            boolean inStrict = false;
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME) {
                    if (json.currentName().equals("noEscapeAnalysis")) {
                        inStrict = true;
                    } else if (inStrict && json.currentName().equals("exactBytesPerRoundTrip")) {
                        json.nextToken();
                        strictBytes = json.getDoubleValue();
                    }
                }
            }
            assertTrue(strictBytes >= 64, "four captured setters, 16 bytes or more each: " + measured.out());
        }
    }

    @Test
    void garbagePassesJvmArgumentsToTheProbes() throws IOException {
        ZwireRun run = zwire("garbage", "--type", Ints14.class.getName(), "--wire", "raw", "--no-sibling-jdks",
                "--jvm-arg=-XX:+ZwireNoSuchFlag", "--round-trips", "1000", "--warm-up", "0");
        assertEquals(3, run.status(), "a JVM that cannot start is a failed measurement: " + run.out() + run.err());
        assertTrue(run.out().contains("ZwireNoSuchFlag"), "the JVM's complaint is in the report: " + run.out());
        ZwireRun accepted = zwire("garbage", "--type", Ints14.class.getName(), "--wire", "raw", "--no-sibling-jdks",
                "--jvm-arg", "-XX:MaxInlineLevel=15", "--round-trips", "200k", "--warm-up", "100k");
        assertEquals(Command.OK, accepted.status(), accepted.out() + accepted.err());
    }

    /** A user's type, compiled at test time into its own directory: not on zwire's class path. */
    private static final String USER_TYPE = """
            package com.acme;

            import io.zwire.Field;
            import io.zwire.Marshallable;
            import io.zwire.WireIn;
            import io.zwire.WireOut;

            public final class Trade implements Marshallable {
                static final Field ID = Field.of(1, "id"), QTY = Field.of(2, "qty");
                long id = 42;
                Long qty = 1_000_000L;

                public void writeMarshallable(WireOut out) {
                    out.write(ID).int64(id).write(QTY).int64(qty);
                }

                public void readMarshallable(WireIn in) {
                    in.read(ID).int64(this, (o, v) -> o.id = v).read(QTY).int64(this, (o, v) -> o.qty = v);
                }
            }
            """;

    @Test
    void garbageMeasuresAUsersTypeFromItsOwnClassPath(@TempDir Path dir) throws IOException {
        Path classes = UserTypeCompiler.compile(dir, "com.acme.Trade", USER_TYPE);

        ZwireRun run = zwire("garbage", "--type", "com.acme.Trade", "--classpath", classes.toString(), "--wire", "raw",
                "--no-sibling-jdks", "--round-trips", "200k", "--warm-up", "100k");
        // The boxed qty is outside Long's cache: one Long per read, and the report says so.
        assertEquals(Command.FAILED, run.status(), run.out() + run.err());
        assertTrue(run.err().contains("com.acme.Trade has no public static sample()"), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("Trade ") && l.endsWith("GARBAGE")), run.out());
        assertUsageError(zwire("garbage", "--type", "com.acme.Trade"), "com.acme.Trade not found");
    }

    @Test
    void convertCopiesEveryDocumentBetweenWiresThatDescribeThemselves(@TempDir Path dir) throws IOException {
        convertsTwoOrders(dir, WireType.YAML, WireType.BINARY);
        convertsTwoOrders(dir, WireType.BINARY, WireType.JSON);
        convertsTwoOrders(dir, WireType.JSON, WireType.YAML);
    }

    private static void convertsTwoOrders(Path dir, WireType from, WireType to) throws IOException {
        Wire source = from.apply(Bytes.elastic(1024));
        source.writeDocument(Order.sample());
        source.writeDocument(Order.sample());
        Path in = Files.write(dir.resolve(from + ".in"), source.bytes().toByteArray());
        Path out = dir.resolve(to + ".out");
        ZwireRun run = zwire("convert", "--from", from.name(), "--to", to.name(), "--in", in.toString(), "--out", out.toString());
        assertEquals(Command.OK, run.status(), run.err());
        Wire converted = to.apply(Bytes.wrap(Files.readAllBytes(out)));
        for (int i = 0; i < 2; i++) {
            Order copy = new Order();
            assertTrue(converted.readDocument(copy), from + " to " + to + ", document " + i);
            assertEquals(Order.sample(), copy, from + " to " + to);
        }
        assertFalse(converted.readDocument(new Order()), "exactly two documents");
    }
}
