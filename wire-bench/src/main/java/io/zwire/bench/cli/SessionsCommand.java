package io.zwire.bench.cli;

import io.zwire.cli.WireNames;
import io.zwire.cli.UsageException;
import io.zwire.cli.Option;
import io.zwire.cli.Console;
import io.zwire.cli.Command;
import io.zwire.cli.Arguments;
import io.zwire.WireType;
import io.zwire.bench.jmh.BytesPoolBenchmark;
import io.zwire.bench.jmh.MachineInfo;
import io.zwire.bench.session.InMemoryHandoff;
import io.zwire.bench.session.LoopbackBenchmark;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * {@code zwire sessions}: the session benchmarks on the running JDK. Loopback round-trip latency
 * and one-way throughput per wire ({@link LoopbackBenchmark}), a 256-byte message handed between
 * two threads through memory ({@link InMemoryHandoff}), and the buffer pool under contention
 * ({@link BytesPoolBenchmark}, through JMH). Prints a Markdown report and can write it into a
 * section of a file named after the JDK, so one file holds a table per JDK.
 */
public final class SessionsCommand implements Command {
    @Override
    public String name() {
        return "sessions";
    }

    @Override
    public String summary() {
        return "session latency and throughput per wire, in-memory hand-off, buffer pool under contention";
    }

    @Override
    public String synopsis() {
        return "zwire sessions [--wires LIST] [--round-trips N] [--one-way N] [--handoffs N] [--pool-threads LIST]"
                + " [--markdown FILE]";
    }

    @Override
    public String details() {
        return "Runs on the JDK that runs zwire: run it once per JDK (e.g. with each java binary) to get a table per JDK.\n"
                + "Takes about a minute per wire with the defaults. Latencies are nanoTime round trips on 127.0.0.1 with one\n"
                + "message in flight; the machine's load shows in them, so quote medians and compare rows from one run.\n"
                + "Example: zwire sessions --markdown docs/benchmarks.md";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("wires", "LIST", "wires to measure (default: all available)"),
                Option.value("round-trips", "N", "measured ping-pong round trips per wire (default 100000)"),
                Option.value("one-way", "N", "messages in the one-way throughput run per wire (default 1000000)"),
                Option.value("handoffs", "N", "measured in-memory hand-offs (default 1000000)"),
                Option.value("pool-threads", "LIST", "thread counts for the pool benchmark (default 1,2,4,8; none skips it)"),
                ReportOutput.MARKDOWN);
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        List<WireType> wires = WireNames.parseAll(arguments.list("wires"));
        int roundTrips = (int) arguments.longValue("round-trips", 100_000, 1);
        int oneWay = (int) arguments.longValue("one-way", 1_000_000, 10);
        int handoffs = (int) arguments.longValue("handoffs", 1_000_000, 1);
        List<Integer> poolThreads = new ArrayList<>();
        List<String> given = arguments.list("pool-threads");
        for (String threads : given.isEmpty() ? List.of("1", "2", "4", "8")
                : given.equals(List.of("none")) ? List.<String>of() : given) {
            try {
                poolThreads.add(Integer.parseInt(threads.trim()));
            } catch (NumberFormatException e) {
                throw new UsageException("--pool-threads takes numbers, got '" + threads + "'");
            }
        }
        String jdk = Runtime.version().toString();
        StringBuilder md = new StringBuilder();
        md.append("## Sessions, JDK ").append(jdk).append("\n\n")
          .append("- date: ").append(LocalDate.now()).append("; machine: ").append(MachineInfo.describe()).append('\n')
          .append("- command: `").append(ReportOutput.commandLine(name(), arguments)).append("`\n\n");
        try {
            loopback(md, wires, roundTrips, oneWay, console);
            handoff(md, handoffs, console);
            if (!poolThreads.isEmpty()) {
                pool(md, poolThreads, console);
            }
        } catch (IOException | RunnerException e) {
            console.err().println("zwire sessions: " + e);
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FAILED;
        }
        return ReportOutput.deliver(name(), "sessions-jdk" + Runtime.version().feature(), md.toString(), arguments, console);
    }

    private static void loopback(StringBuilder md, List<WireType> wires, int roundTrips, int oneWay, Console console)
            throws IOException {
        md.append("### Loopback TCP, one Order (").append(roundTrips).append(" measured round trips, one in flight; ")
          .append(String.format(Locale.ROOT, "%,d", oneWay)).append(" messages one way)\n\n")
          .append("| wire | p50 µs | p99 µs | p99.9 µs | max µs | one way, messages/s |\n")
          .append("|---|---:|---:|---:|---:|---:|\n");
        for (WireType wire : wires) {
            console.err().println("zwire sessions: loopback over " + wire);
            LoopbackBenchmark.Result result = LoopbackBenchmark.run(wire, roundTrips, oneWay);
            Histogram h = result.roundTripNanos();
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %,.0f |%n", wire,
                    h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3, h.getValueAtPercentile(99.9) / 1e3,
                    h.getMaxValue() / 1e3, result.oneWayRate()));
        }
        md.append('\n');
    }

    private static void handoff(StringBuilder md, int handoffs, Console console) throws InterruptedException {
        console.err().println("zwire sessions: in-memory hand-off");
        Histogram h = InMemoryHandoff.run(handoffs / 4, handoffs);
        md.append("### A 256-byte message between two threads through memory (RAW, ")
          .append(String.format(Locale.ROOT, "%,d", handoffs)).append(" measured)\n\n")
          .append("| p50 ns | p99 ns | p99.99 ns | max ns |\n|---:|---:|---:|---:|\n")
          .append(String.format(Locale.ROOT, "| %d | %d | %d | %d |%n%n", h.getValueAtPercentile(50),
                  h.getValueAtPercentile(99), h.getValueAtPercentile(99.99), h.getMaxValue()));
    }

    private static void pool(StringBuilder md, List<Integer> threadCounts, Console console) throws RunnerException {
        md.append("### Buffer pool under contention (take a 4 KiB buffer, use it, give it back; operations/µs, all threads)\n\n")
          .append("| threads | striped lock-free | synchronized deque | no pool | striped / synchronized | striped / no pool |\n")
          .append("|---:|---:|---:|---:|---:|---:|\n");
        for (int threads : threadCounts) {
            console.err().println("zwire sessions: buffer pool, " + threads + " thread(s)");
            Collection<RunResult> results = new Runner(new OptionsBuilder()
                    .include(BytesPoolBenchmark.class.getName() + ".*")
                    .threads(threads)
                    .build()).run();
            double striped = score(results, "stripedLockFree");
            double locked = score(results, "synchronizedDeque");
            double none = score(results, "noPool");
            md.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.1f | %.1fx | %.1fx |%n", threads, striped, locked,
                    none, striped / locked, striped / none));
        }
        md.append("\nThe machine has ").append(Runtime.getRuntime().availableProcessors())
          .append(" processors: thread counts above that measure time-sliced contention, not parallel cores.\n");
    }

    private static double score(Collection<RunResult> results, String method) {
        for (RunResult result : results) {
            if (result.getParams().getBenchmark().endsWith("." + method)) {
                return result.getPrimaryResult().getScore();
            }
        }
        throw new IllegalStateException("no result for " + method);
    }
}
