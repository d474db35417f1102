package io.zwire.bench.cli;

import io.zwire.bench.jmh.MachineInfo;
import io.zwire.bench.journal.JournalBenchmark;
import io.zwire.bench.journal.JournalFiles;
import io.zwire.bench.journal.JournalPeer;
import io.zwire.bench.journal.JournalPeers;
import io.zwire.bench.journal.JournalSettings;
import io.zwire.bench.journal.JournalReport;
import io.zwire.bench.journal.PageFaultProbe;
import io.zwire.bench.journal.PeerResult;
import io.zwire.bench.journal.WireResult;
import io.zwire.bench.journal.ZwireOrderPeer;
import io.zwire.bench.report.BuildInfo;
import io.zwire.cli.Arguments;
import io.zwire.cli.Command;
import io.zwire.cli.Console;
import io.zwire.cli.Option;
import io.zwire.cli.UsageException;
import io.zwire.journal.JournalConfig;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code zwire journal-latency}: the journal benchmark ({@link JournalBenchmark}) for each peer
 * on the running JDK, as a Markdown report; optionally written into a section of a file named
 * after the JDK, so one file holds a table per JDK.
 */
public final class JournalLatencyCommand implements Command {
    /** The page-fault probe's file: as large as a cycle of a journal with the default configuration. */
    private static final long PAGE_FAULT_FILE_SIZE = JournalConfig.DEFAULT_CYCLE_SIZE;

    @Override
    public String name() {
        return "journal-latency";
    }

    @Override
    public String summary() {
        return "journal latency (threads, processes) and one appender's throughput, per journal peer";
    }

    @Override
    public String synopsis() {
        return "zwire journal-latency [--peers LIST] [--rate N] [--warmup SECONDS] [--seconds SECONDS]"
                + " [--throughput-messages N] [--page-faults] [--orders] [--markdown FILE]";
    }

    @Override
    public String details() {
        return "Each run forks JVMs of the running JDK with the peer's own flags (Chronicle Queue needs --add-opens and\n"
                + "--add-exports; zwire needs none). Files go to /dev/shm when it exists and are deleted afterwards.\n"
                + "A producer paced at --rate stamps each 256-byte message with its scheduled send time; the consumer\n"
                + "records now minus that time. Run it on an otherwise idle machine before quoting figures.\n"
                + "--page-faults also times faulting in a " + (PAGE_FAULT_FILE_SIZE >> 20) + " MiB mapped file (the journal's default\n"
                + "cycle) page by page on first write, and all at once with load() as zwire's journal does.\n"
                + "--orders runs, instead of the peers, the test kit's Order through zwire's journal on each of the six\n"
                + "wires (between two threads, and one appender's throughput), into its own section journal-orders-jdkN.\n"
                + "Example: zwire journal-latency --warmup 10 --seconds 30 --markdown docs/journal-benchmarks.md";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("peers", "LIST", "journal peers to run (default: all, " + String.join(", ", JournalPeers.names()) + ")"),
                Option.value("rate", "N", "messages per second the producer sends (default 100000)"),
                Option.value("warmup", "SECONDS", "warm-up before the latencies count (default 1)"),
                Option.value("seconds", "SECONDS", "measured phase (default 3)"),
                Option.value("throughput-messages", "N", "messages the throughput run appends (default 1000000)"),
                Option.flag("page-faults", "also time faulting in a mapped cycle's pages, on first write and with load()"),
                Option.flag("orders", "instead of the peers, an Order on each wire through zwire's journal (threads, throughput)"),
                ReportOutput.MARKDOWN);
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        List<JournalPeer> peers = new ArrayList<>();
        for (String name : arguments.list("peers").isEmpty() ? JournalPeers.names() : arguments.list("peers")) {
            try {
                peers.add(JournalPeers.named(name.trim()));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        JournalSettings settings;
        try {
            settings = new JournalSettings(arguments.longValue("rate", JournalSettings.DEFAULT_RATE, 1),
                    arguments.doubleValue("warmup", JournalSettings.DEFAULT_WARMUP_SECONDS),
                    arguments.doubleValue("seconds", JournalSettings.DEFAULT_MEASURED_SECONDS),
                    arguments.longValue("throughput-messages", JournalSettings.DEFAULT_THROUGHPUT_MESSAGES, 1));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (arguments.flag("orders")) {
            return measure(arguments, console, "journal-orders-jdk", (journals, progress) -> {
                List<WireResult> results = new ArrayList<>();
                for (ZwireOrderPeer peer : ZwireOrderPeer.onEachWire()) {
                    results.add(JournalBenchmark.runThreadsAndThroughput(peer, settings, journals, progress));
                }
                String missing = results.stream().filter(r -> !r.complete()).map(WireResult::wire).findFirst().orElse(null);
                return new Outcome(context -> JournalReport.orders(settings, context, results), missing);
            });
        }
        return measure(arguments, console, "journal-jdk", (journals, progress) -> {
            List<PeerResult> results = new ArrayList<>();
            for (JournalPeer peer : peers) {
                results.add(JournalBenchmark.run(peer, settings, journals, progress));
            }
            String pageFaults = "";
            if (arguments.flag("page-faults")) {
                progress.accept("page faults");
                pageFaults = JournalReport.pageFaults(PageFaultProbe.measure(journals.newJournalDirectory("page-faults"),
                        PAGE_FAULT_FILE_SIZE), journals.describe());
            }
            String faults = pageFaults;
            String missing = results.stream().filter(r -> !r.complete()).map(PeerResult::title).findFirst().orElse(null);
            return new Outcome(context -> JournalReport.markdown(settings, context, results) + faults, missing);
        });
    }

    /** One kind of run of the command: the 256-byte peers, or an Order on each wire. */
    private interface Measurement {
        /**
         * Runs, with journals under {@code journals}, telling {@code progress} what runs next.
         *
         * @return the report, given its header lines, and which row lost messages (null for none)
         */
        Outcome run(JournalFiles journals, Consumer<String> progress) throws IOException, InterruptedException;
    }

    /**
     * What a {@link Measurement} found.
     *
     * @param markdown the report, given its header lines
     * @param missing  the title of a row whose messages did not all arrive, or null
     */
    private record Outcome(Function<List<String>, String> markdown, String missing) {
    }

    /** Runs {@code measurement} and writes its report into the section {@code sectionPrefix} plus the JDK's feature version. */
    private int measure(Arguments arguments, Console console, String sectionPrefix, Measurement measurement) {
        String machine = MachineInfo.describeWithLoad();
        Outcome outcome;
        String files;
        try (JournalFiles journals = JournalFiles.create()) {
            files = journals.describe();
            console.err().println("zwire journal-latency: journals under " + journals.root());
            outcome = measurement.run(journals, step -> console.err().println("zwire journal-latency: " + step));
        } catch (IOException e) {
            console.err().println("zwire journal-latency: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FAILED;
        }
        int delivered = ReportOutput.deliver(name(), sectionPrefix + Runtime.version().feature(),
                outcome.markdown().apply(context(machine, files, arguments)), arguments, console);
        if (outcome.missing() != null) {
            console.err().println("zwire journal-latency: messages went missing with " + outcome.missing());
            return FAILED;
        }
        return delivered;
    }

    /** {@return the report's header lines: date and machine (with its load), build, files, command} */
    private List<String> context(String machine, String files, Arguments arguments) {
        return List.of(
                "date: " + LocalDate.now() + "; machine: " + machine,
                "build: " + BuildInfo.describe(Path.of("")),
                "files: " + files,
                "command: `" + ReportOutput.commandLine(name(), arguments) + "`");
    }
}
