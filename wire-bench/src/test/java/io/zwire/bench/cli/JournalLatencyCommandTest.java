package io.zwire.bench.cli;

import io.zwire.cli.Command;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code zwire journal-latency} of zwire's journal and Chronicle Queue, briefly: every run forks its JVMs with the
 * peer's flags (this test's JVM has none of them), every message arrives, and the report has its shape.
 * Tagged {@code long} (about 12 s of forked JVMs and zero-filled cycles): {@code -Plong} runs it;
 * the harness's own logic is {@link io.zwire.bench.journal.JournalHarnessTest}'s, in the default build.
 */
class JournalLatencyCommandTest {
    private static final String ROW = "\\| %s \\| %s \\|(?: [0-9.]+ \\|){6} [0-9,]+ \\| all 30,000 \\|";
    private static final String[] PEERS = {"zwire journal \\(RAW\\)", "Chronicle Queue 5\\.27ea0"};

    @Test
    @Tag("long")
    void bothPeersDeliverEveryMessageBetweenThreadsAndProcessesAndTheReportHasARowForEach(@TempDir Path dir)
            throws Exception {
        Path report = dir.resolve("journal-benchmarks.md");
        String analyticsBefore = analyticsState();
        CommandRun run = CommandRun.zwireBench("journal-latency", "--peers", "zwire,chronicle-queue", "--rate", "50000",
                "--warmup", "0.1", "--seconds", "0.5", "--throughput-messages", "20000", "--page-faults", "--markdown",
                report.toString());
        String text = run.out();
        String log = run.err();
        assertEquals(Command.OK, run.status(), log);

        assertTrue(text.startsWith("## Journal latency, JDK " + Runtime.version()), text);
        assertTrue(text.contains("- files: /dev/shm (memory)") || text.contains("(a temporary directory"), text);
        assertTrue(text.contains("load average") || !new java.io.File("/proc/loadavg").exists(), text);
        assertTrue(text.contains("- command: `java -jar wire-bench/target/zwire-bench.jar journal-latency --peers zwire,chronicle-queue"), text);
        assertTrue(text.contains("| peer | between | p50 µs | p90 µs | p99 µs | p99.9 µs | p99.99 µs | max µs | messages/s | received |"), text);
        for (String peer : PEERS) {
            assertTrue(Pattern.compile(String.format(ROW, peer, "threads")).matcher(text).find(), text);
            assertTrue(Pattern.compile(String.format(ROW, peer, "processes")).matcher(text).find(), text);
            assertTrue(Pattern.compile("\\| " + peer + " \\| [0-9,]+ \\| [0-9,]+ \\| all 20,000 \\|").matcher(text).find(), text);
        }
        assertTrue(Pattern.compile("### Faulting in a mapped cycle's pages \\(64 MiB file, 16,384 pages of 4096 bytes, [^)]+\\)+\n\n"
                + "[^\n]+\n[^\n]+\n\\| [0-9,]+ \\| [0-9,]+ \\| [0-9,]+ \\|\n").matcher(text).find(), text);

        String written = Files.readString(report);
        assertTrue(written.contains("<!-- zwire:journal-jdk" + Runtime.version().feature() + ":begin -->"), written);
        assertTrue(written.contains("| Chronicle Queue 5.27ea0 | processes |"), written);

        Matcher root = Pattern.compile("journals under (\\S+)").matcher(log);
        assertTrue(root.find(), log);
        assertFalse(Files.exists(Path.of(root.group(1))), "the journals are deleted: " + root.group(1));
        assertEquals(analyticsBefore, analyticsState(), "Chronicle's analytics stay off");
    }

    @Test
    @Tag("long")
    void theOrdersRunGivesARowPerWireAndEveryOrderArrivesWhole(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("journal-benchmarks.md");
        CommandRun run = CommandRun.zwireBench("journal-latency", "--orders", "--rate", "50000", "--warmup", "0.1",
                "--seconds", "0.5", "--throughput-messages", "20000", "--markdown", report.toString());
        String text = run.out();
        assertEquals(Command.OK, run.status(), run.err());

        assertTrue(text.startsWith("## An Order on each wire through zwire's journal, JDK " + Runtime.version()), text);
        for (String wire : new String[] {"YAML", "YAML_NUMBERED", "JSON", "BINARY", "NUMBERED", "RAW"}) {
            // The B/msg columns are not held at 0.0 here: a half-second run measures first-use costs
            // (0.1 to 0.5 B/msg on the consumer's side once); ZwireOrderPeerTest holds the steady state.
            assertTrue(Pattern.compile("\\| " + wire + " \\| [0-9]+ \\|(?: [0-9.]+ \\|){6} [0-9,]+ \\| all 30,000 \\|"
                    + " [0-9.]+ \\| [0-9.]+ \\| [0-9,]+ \\| all 20,000 \\|").matcher(text).find(), wire + ": " + text);
        }
        assertTrue(Files.readString(report).contains("<!-- zwire:journal-orders-jdk" + Runtime.version().feature() + ":begin -->"));
    }

    /** What Chronicle's analytics write in the user's home when they are on: its two files, and when each was written. */
    private static String analyticsState() throws java.io.IOException {
        StringBuilder state = new StringBuilder();
        for (String name : new String[] {".chronicle.analytics.client.id", ".chronicle.analytics.last"}) {
            Path file = Path.of(System.getProperty("user.home"), name);
            state.append(name).append(Files.exists(file) ? " written " + Files.getLastModifiedTime(file) : " absent").append("; ");
        }
        return state.toString();
    }

    @Test
    void anUnknownPeerIsAUsageError() {
        CommandRun run = CommandRun.zwireBench("journal-latency", "--peers", "kafka");
        assertEquals(Command.USAGE, run.status());
        assertTrue(run.err().contains("no journal peer 'kafka'"), run.err());
    }
}
