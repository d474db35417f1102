package io.zwire.bench.journal;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Locale;
import java.util.zip.DataFormatException;

/**
 * The lines a forked {@link JournalWorker} prints on stdout for the harness, one result a line;
 * anything else on stdout (a peer's own chatter) is ignored:
 * <pre>
 * ready                                        the tailer is open (process runs)
 * sent COUNT PRODUCER_BYTES                    the producer is done
 * latency EXPECTED RECEIVED MESSAGES_PER_SECOND CONSUMER_BYTES PRODUCER_BYTES HISTOGRAM
 * throughput APPENDED READ_BACK MESSAGES_PER_SECOND
 * </pre>
 * {@code *_BYTES} are bytes allocated per measured message by that side's thread, -1 where not
 * known; {@code HISTOGRAM} is HdrHistogram's compressed encoding in Base64.
 */
public final class WorkerProtocol {
    /** The tailer of a process run is open: the producer may start. */
    public static final String READY = "ready";
    /** Starts the producer's line. */
    public static final String SENT = "sent";
    /** Starts a {@link LatencyResult}'s line. */
    public static final String LATENCY = "latency";
    /** Starts a {@link ThroughputResult}'s line. */
    public static final String THROUGHPUT = "throughput";

    private WorkerProtocol() {
    }

    /** {@return {@code result} as a line} Allocates. */
    public static String latencyLine(LatencyResult result) {
        Histogram histogram = result.histogram();
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
        return String.format(Locale.ROOT, "%s %d %d %.1f %.3f %.3f %s", LATENCY, result.expected(), result.received(),
                result.messagesPerSecond(), result.consumerBytes(), result.producerBytes(), encoded);
    }

    /**
     * {@return the result a {@link #latencyLine} holds} Allocates.
     *
     * @throws IllegalArgumentException if the line is not one
     */
    public static LatencyResult parseLatency(String line) {
        String[] fields = fields(line, LATENCY, 7);
        try {
            ByteBuffer encoded = ByteBuffer.wrap(Base64.getDecoder().decode(fields[6]));
            Histogram histogram = Histogram.decodeFromCompressedByteBuffer(encoded, 0);
            return new LatencyResult(histogram, Long.parseLong(fields[2]), Long.parseLong(fields[1]),
                    Double.parseDouble(fields[3]), Double.parseDouble(fields[4]), Double.parseDouble(fields[5]));
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not a latency line: " + line, e);
        }
    }

    /** {@return the producer's line: how many it sent and what it allocated per measured message} Allocates. */
    public static String sentLine(long count, double bytesPerMessage) {
        return String.format(Locale.ROOT, "%s %d %.3f", SENT, count, bytesPerMessage);
    }

    /**
     * {@return the bytes per message a {@link #sentLine} holds} Allocates.
     *
     * @throws IllegalArgumentException if the line is not one
     */
    public static double parseSentBytes(String line) {
        String[] fields = fields(line, SENT, 3);
        try {
            return Double.parseDouble(fields[2]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a sent line: " + line, e);
        }
    }

    /** {@return {@code result} as a line} Allocates. */
    public static String throughputLine(ThroughputResult result) {
        return String.format(Locale.ROOT, "%s %d %d %.1f", THROUGHPUT, result.appended(), result.readBack(),
                result.messagesPerSecond());
    }

    /**
     * {@return the result a {@link #throughputLine} holds} Allocates.
     *
     * @throws IllegalArgumentException if the line is not one
     */
    public static ThroughputResult parseThroughput(String line) {
        String[] fields = fields(line, THROUGHPUT, 4);
        try {
            return new ThroughputResult(Long.parseLong(fields[1]), Long.parseLong(fields[2]), Double.parseDouble(fields[3]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a throughput line: " + line, e);
        }
    }

    private static String[] fields(String line, String key, int count) {
        String[] fields = line.strip().split(" ");
        if (fields.length != count || !fields[0].equals(key)) {
            throw new IllegalArgumentException("not a " + key + " line: " + line);
        }
        return fields;
    }
}
