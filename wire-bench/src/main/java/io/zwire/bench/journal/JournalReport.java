package io.zwire.bench.journal;

import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Locale;

/**
 * The journal benchmark's Markdown: a header saying what ran where (JDK, machine and load, files,
 * build, command), a latency table with a row per peer and run, and a throughput table with a row
 * per peer.
 */
public final class JournalReport {
    private static final double NANOS_PER_MICRO = 1e3;

    private JournalReport() {
    }

    /**
     * The report. Allocates.
     *
     * @param settings the run's rate and lengths
     * @param context  lines for the header, each {@code key: value} (JDK, machine, files, command...)
     * @param results  one per peer
     * @return the Markdown, ending with a blank line
     */
    public static String markdown(JournalSettings settings, List<String> context, List<PeerResult> results) {
        StringBuilder md = header("Journal latency", context);
        md.append(String.format(Locale.ROOT, "%n### A %d-byte message between two threads and two processes "
                        + "(%,d messages/s, %s s warm-up, %s s measured)%n%n", JournalMessage.LENGTH,
                settings.messagesPerSecond(), seconds(settings.warmupSeconds()), seconds(settings.measuredSeconds())))
          .append("Latency is the consumer's `System.nanoTime()` when it reads a message minus the time the message was")
          .append(" scheduled to be sent, so a stall delays every message behind it. The last two columns are the bytes the")
          .append(" producer's and the consumer's threads allocated per measured message.\n\n")
          .append("| peer | between | p50 µs | p90 µs | p99 µs | p99.9 µs | p99.99 µs | max µs | messages/s | received")
          .append(" | producer B/msg | consumer B/msg |\n")
          .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (PeerResult result : results) {
            latencyRow(md, result.title(), "threads", result.threads());
            latencyRow(md, result.title(), "processes", result.processes());
        }
        md.append(String.format(Locale.ROOT, "%n### One appender, as fast as it can (%,d messages of %d bytes)%n%n",
                        settings.throughputMessages(), JournalMessage.LENGTH))
          .append("| peer | messages/s | MiB/s | read back |\n|---|---:|---:|---:|\n");
        for (PeerResult result : results) {
            ThroughputResult throughput = result.throughput();
            md.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %s |%n", result.title(),
                    throughput.messagesPerSecond(), throughput.mebibytesPerSecond(),
                    count(throughput.readBack(), throughput.appended())));
        }
        return md.append('\n').toString();
    }

    /**
     * The section of {@link PageFaultProbe}'s figures. Allocates.
     *
     * @param result what the probe measured
     * @param files  where the probe's files were, as {@link JournalFiles#describe} says
     * @return the Markdown, ending with a blank line
     */
    public static String pageFaults(PageFaultProbe.Result result, String files) {
        return String.format(Locale.ROOT, "### Faulting in a mapped cycle's pages (%d MiB file, %,d pages of %d bytes, %s)%n%n"
                        + "| first write to each page, ns/page | load(), ns/page | write after load(), ns/page |%n"
                        + "|---:|---:|---:|%n| %,.0f | %,.0f | %,.0f |%n%n", result.fileSize() >> 20, result.pages(),
                PageFaultProbe.PAGE_SIZE, files, result.firstTouchNanos(), result.loadNanos(), result.afterLoadNanos());
    }

    /**
     * The {@code --orders} report: a header as {@link #markdown}'s, and a row per wire with the
     * latency between two threads, the bytes each side allocated per message and one appender's
     * throughput. Allocates.
     *
     * @param settings the run's rate and lengths
     * @param context  lines for the header, each {@code key: value}
     * @param results  one per wire
     * @return the Markdown, ending with a blank line
     */
    public static String orders(JournalSettings settings, List<String> context, List<WireResult> results) {
        StringBuilder md = header("An Order on each wire through zwire's journal", context);
        md.append(String.format(Locale.ROOT, "%nThe test kit's `Order` (the README's type), its sequence, send time and check"
                        + " word in three of its longs. Latency between two threads at %,d messages/s (%s s warm-up, %s s"
                        + " measured), as in the 256-byte table; then one appender as fast as it can (%,d messages), read"
                        + " back whole. B/msg: bytes the producer's and the consumer's threads allocated per measured"
                        + " message.%n%n", settings.messagesPerSecond(), seconds(settings.warmupSeconds()),
                        seconds(settings.measuredSeconds()), settings.throughputMessages()))
          .append("| wire | document bytes | p50 µs | p90 µs | p99 µs | p99.9 µs | p99.99 µs | max µs | messages/s | received")
          .append(" | producer B/msg | consumer B/msg | one appender, messages/s | read back |\n")
          .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (WireResult result : results) {
            ThroughputResult throughput = result.throughput();
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %,.0f | %s |%n", result.wire(), result.documentBytes(),
                    latencyCells(result.threads()), throughput.messagesPerSecond(),
                    count(throughput.readBack(), throughput.appended())));
        }
        return md.append('\n').toString();
    }

    /** {@return a report's title, with the running JDK, and its context lines as a list} */
    private static StringBuilder header(String title, List<String> context) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(title).append(", JDK ").append(Runtime.version()).append("\n\n");
        for (String line : context) {
            md.append("- ").append(line).append('\n');
        }
        return md;
    }

    private static void latencyRow(StringBuilder md, String title, String between, LatencyResult result) {
        md.append(String.format(Locale.ROOT, "| %s | %s | %s |%n", title, between, latencyCells(result)));
    }

    /** {@return the percentiles, rate, arrivals and allocations of {@code result}, as table cells joined by " | "} */
    private static String latencyCells(LatencyResult result) {
        Histogram h = result.histogram();
        return String.format(Locale.ROOT, "%s | %s | %s | %s | %s | %s | %,.0f | %s | %.1f | %.1f",
                micros(h.getValueAtPercentile(50)), micros(h.getValueAtPercentile(90)),
                micros(h.getValueAtPercentile(99)), micros(h.getValueAtPercentile(99.9)), micros(h.getValueAtPercentile(99.99)),
                micros(h.getMaxValue()), result.messagesPerSecond(), count(result.received(), result.expected()),
                result.producerBytes(), result.consumerBytes());
    }

    private static String seconds(double seconds) {
        return java.math.BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / NANOS_PER_MICRO);
    }

    private static String count(long arrived, long expected) {
        return arrived == expected ? String.format(Locale.ROOT, "all %,d", expected)
                : String.format(Locale.ROOT, "**%,d of %,d**", arrived, expected);
    }
}
