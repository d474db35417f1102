package io.zwire.journal;

import io.zwire.WireType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The journal's other processes in the tests: a main class run in a forked JVM on the test class
 * path, and the means to start it ({@code ProcessLines.finish} collects what it prints).
 *
 * <ul>
 *   <li>{@code append DIR WIRE WRITER COUNT}: appends COUNT trades of writer WRITER (COUNT 0: until killed),
 *       printing {@code ready} after the first thousand;</li>
 *   <li>{@code append-rolling DIR WRITER COUNT}: as {@code append} on BINARY, to the journal
 *       {@link #rollingConfig()} opens, whose appenders roll every millisecond;</li>
 *   <li>{@code tail DIR WIRE WRITERS COUNT}: reads until each of WRITERS writers' COUNT trades arrived, in
 *       order and intact, and prints {@code tailed N}; exits 1 on anything else;</li>
 *   <li>{@code create DIR CYCLE_SIZE}: opens a new journal and prints {@code refused: ...} and exits 3 if its
 *       first cycle cannot be created;</li>
 *   <li>{@code fill DIR CYCLE_SIZE}: appends trades of writer 0 to an existing journal, rolling to cycles of
 *       CYCLE_SIZE, until an append fails: prints {@code refused after N: ...} and exits 3.</li>
 * </ul>
 */
public final class JournalProcess {
    static final Duration CLAIM_TIMEOUT = Duration.ofMillis(200);
    /**
     * How long a tailer waits with no new record before it takes the killed writers' records as
     * all read: the claim timeout a few times over, and room for a CPU-starved CI machine, which
     * the claim timeout alone is not.
     */
    static final long QUIET_MILLIS = 3_000;
    private static final int READY_AFTER = 1000;

    private JournalProcess() {
    }

    static JournalConfig config(WireType wire) {
        return Journals.config(wire).cycleSize(256 << 10).checksums().claimTimeout(CLAIM_TIMEOUT).build();
    }

    /**
     * Cycles of 4 KiB (some 50 trades), rolled every millisecond and created on the appending
     * thread: the directory changes all the time, as heavy rolling across processes makes it.
     */
    static JournalConfig rollingConfig() {
        return Journals.config(WireType.BINARY).cycleSize(4096).rollEvery(Duration.ofMillis(1))
                .createCyclesOnAppendingThread().checksums().claimTimeout(CLAIM_TIMEOUT).build();
    }

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[1]);
        switch (args[0]) {
            case "append" -> append(Journal.open(directory, config(WireType.valueOf(args[2]))),
                    Integer.parseInt(args[3]), Long.parseLong(args[4]));
            case "append-rolling" -> append(Journal.open(directory, rollingConfig()), Integer.parseInt(args[2]),
                    Long.parseLong(args[3]));
            case "tail" -> System.exit(tail(Journal.open(directory, config(WireType.valueOf(args[2]))),
                    Integer.parseInt(args[3]), Long.parseLong(args[4])));
            case "create" -> {
                try {
                    Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(Integer.parseInt(args[2])).build());
                    System.out.println("created");
                } catch (UncheckedIOException e) {
                    System.out.println("refused: " + e.getMessage());
                    System.exit(3);
                }
            }
            case "fill" -> {
                long appended = 0;
                Trade trade = new Trade();
                try (JournalAppender appender = Journal.open(directory, Journals.config(WireType.BINARY)
                        .cycleSize(Integer.parseInt(args[2])).build()).appender()) {
                    for (; appended < 1_000_000; appended++) {
                        appender.append(trade.set(0, appended, "EURUSD", Trade.priceOf(appended)));
                    }
                } catch (UncheckedIOException e) {
                    System.out.println("refused after " + appended + ": " + e.getMessage());
                    System.exit(3);
                }
                System.out.println("appended " + appended);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void append(Journal journal, int writer, long count) {
        Trade trade = new Trade();
        try (JournalAppender appender = journal.appender()) {
            for (long i = 0; count == 0 || i < count; i++) {
                appender.append(trade.set(writer, i, "EURUSD", Trade.priceOf(i)));
                if (i == READY_AFTER) {
                    System.out.println("ready");
                    System.out.flush();
                }
            }
        }
        System.out.println("appended " + count);
    }

    private static int tail(Journal journal, int writers, long count) {
        long[] next = new long[writers];
        long total = 0;
        try (JournalTailer tailer = journal.tailer()) {
            while (total < writers * count) {
                if (!tailer.awaitRecord(WaitStrategy.PARK, 60, TimeUnit.SECONDS)) {
                    System.out.println("timed out after " + total);
                    return 1;
                }
                Trade trade = (Trade) tailer.read();
                if (trade.writer < 0 || trade.writer >= writers || trade.seq != next[trade.writer]
                        || trade.price != Trade.priceOf(trade.seq) || !"EURUSD".equals(trade.symbol)) {
                    System.out.println("wrong record " + trade + " where writer " + trade.writer + "'s next is "
                            + (trade.writer >= 0 && trade.writer < writers ? next[trade.writer] : -1));
                    return 1;
                }
                next[trade.writer]++;
                total++;
            }
        }
        System.out.println("tailed " + total);
        return 0;
    }

    /** Starts this class in a JVM of its own with {@code args}, through {@code prefix} (a shell, say) when given. */
    static Process start(List<String> prefix, String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+UseSerialGC");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(JournalProcess.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }
}
