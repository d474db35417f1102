package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Measures how an unframed stream of documents lives through corruption: each trial writes two
 * documents, replaces one byte of the first with another value, reads the stream to its end
 * (going on after each {@link WireException}) and classifies what came back.
 *
 * <ul>
 *   <li><b>lost</b>: the second document was not read back equal to itself, from its own bytes;</li>
 *   <li><b>wrong</b>: a read that began inside the second document's bytes returned anything but
 *       the second document. That is a silently wrong value made from good data, and must never
 *       happen;</li>
 *   <li><b>undetected</b>: the corrupted first document read without an error, as another value.
 *       That is what an unframed stream without redundancy cannot catch; framing with a checksum
 *       does.</li>
 * </ul>
 *
 * Deterministic: the same seed gives the same trials. Reads are bounded (a stream of two
 * documents is read in at most {@link #MAX_READS} calls, or the trial fails).
 */
public final class CorruptionTrials {
    private static final int MAX_READS = 64;

    /** How the stream is read: typed documents, or plain values. */
    public enum Path { TYPED, PLAIN }

    /** The outcome of a run of trials. */
    public record Figures(WireType type, Path path, int trials, int lost, int wrong, int undetected, List<String> wrongCases,
                          List<String> lostCases) {
        @Override
        public String toString() {
            return String.format("%-9s %-5s %,d trials: second document lost %d, wrong values %d, corrupted first read undetected %d",
                    type, path, trials, lost, wrong, undetected);
        }
    }

    private CorruptionTrials() {
    }

    /** Runs {@code trials} seeded trials on {@code type} through {@code path}. */
    public static Figures run(WireType type, Path path, int trials, long seed) {
        Random random = new Random(seed);
        int lost = 0;
        int wrong = 0;
        int undetected = 0;
        List<String> wrongCases = new ArrayList<>();
        List<String> lostCases = new ArrayList<>();
        for (int t = 0; t < trials; t++) {
            Order first = order(random);
            Order second = order(random);
            Bytes written = Bytes.elastic(256);
            Wire writer = type.apply(written);
            writer.writeDocument(first);
            int firstEnd = written.writePosition();
            writer.writeDocument(second);
            byte[] stream = written.toByteArray();
            Object firstExpected = expected(type, path, Arrays.copyOfRange(stream, 0, firstEnd));
            Object secondExpected = expected(type, path, Arrays.copyOfRange(stream, firstEnd, stream.length));
            int at = random.nextInt(firstEnd);
            stream[at] ^= (byte) (1 + random.nextInt(255));

            Wire reader = type.apply(Bytes.wrap(stream));
            boolean secondRead = false;
            boolean trialWrong = false;
            boolean trialUndetected = false;
            int reads = 0;
            StringBuilder trace = new StringBuilder();
            while (true) {
                if (++reads > MAX_READS) {
                    throw new AssertionError(type + " " + path + " read more than " + MAX_READS + " documents from two, corrupted at "
                            + at + ": " + Arrays.toString(stream));
                }
                int start = reader.bytes().readPosition();
                Object value;
                try {
                    value = read(reader, path);
                } catch (WireException expected) {
                    trace.append(start).append("->").append(reader.bytes().readPosition()).append(": ")
                            .append(expected.getMessage()).append('\n');
                    continue;
                }
                if (value == null) {
                    break;
                }
                int end = reader.bytes().readPosition();
                trace.append(start).append("..").append(end).append(": ").append(value).append('\n');
                if (start >= firstEnd) {
                    if (start == firstEnd && end == stream.length && Objects.deepEquals(value, secondExpected)) {
                        secondRead = true;
                    } else {
                        trialWrong = true;
                    }
                } else if (start == 0 && !Objects.deepEquals(value, firstExpected)) {
                    trialUndetected = true;
                }
            }
            if (!secondRead) {
                lost++;
                if (lostCases.size() < 20) {
                    lostCases.add(describe(firstEnd, at, stream, trace));
                }
            }
            if (trialWrong) {
                wrong++;
                if (wrongCases.size() < 3) {
                    wrongCases.add(describe(firstEnd, at, stream, trace));
                }
            }
            if (trialUndetected) {
                undetected++;
            }
        }
        return new Figures(type, path, trials, lost, wrong, undetected, wrongCases, lostCases);
    }

    private static String describe(int secondStart, int corruptedAt, byte[] stream, CharSequence trace) {
        return "second document at " + secondStart + ", corrupted at " + corruptedAt + ": "
                + java.util.HexFormat.ofDelimiter(" ").formatHex(stream) + "\n" + trace;
    }

    /** An order with random values, so the corrupted byte lands in varied encodings. */
    private static Order order(Random random) {
        return new Order(random.nextLong() >> random.nextInt(64), "SYM" + random.nextInt(1000),
                random.nextDouble() * 100, random.nextInt(1_000_000), random.nextBoolean() ? Side.BUY : Side.SELL,
                random.nextInt(4) == 0 ? null : new Party("Party " + random.nextInt(100), "ACC-" + random.nextInt(10_000),
                        random.nextInt(1000)));
    }

    /** The one document in {@code document}, read on its own through {@code path}. */
    private static Object expected(WireType type, Path path, byte[] document) {
        Object value = read(type.apply(Bytes.wrap(document)), path);
        if (value == null) {
            throw new AssertionError("no document in " + Arrays.toString(document));
        }
        return value;
    }

    /** The next document, or null when none is left. */
    private static Object read(Wire wire, Path path) {
        if (path == Path.TYPED) {
            Order order = new Order();
            return wire.readDocument(order) ? order : null;
        }
        Object[] value = new Object[1];
        return wire.readValue(v -> value[0] = v) ? (value[0] == null ? "null document" : value[0]) : null;
    }
}
