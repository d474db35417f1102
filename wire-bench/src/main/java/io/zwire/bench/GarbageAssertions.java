package io.zwire.bench;

import io.zwire.Marshallable;
import io.zwire.WireType;
import io.zwire.bench.garbage.AllocationCounter;
import io.zwire.bench.garbage.RoundTripLoop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A garbage check for users' own tests, with no test-framework dependency: it throws
 * {@link AssertionError}, which JUnit, TestNG and plain {@code assert}-style runners all report as
 * a failure.
 *
 * <pre>{@code
 * @Test
 * void orderIsGarbageFree() {
 *     GarbageAssertions.assertNoGarbage(Order::sample, Order::new, WireType.YAML, WireType.BINARY);
 * }
 * }</pre>
 *
 * <p>It runs in the test's own JVM and counts, exactly, the bytes the calling thread allocates
 * ({@code ThreadMXBean#getCurrentThreadAllocatedBytes}) over {@value #ROUND_TRIPS} round trips
 * after {@value #WARM_UP} warm-up round trips; each round trip writes the source as one document
 * and reads it back into the same reused target. The forked, GC-counting check ({@code zwire
 * garbage}) is the stricter proof: a test JVM shares its JIT profiles with every other test, so a
 * pass here is strong evidence and a failure is always real.
 */
public final class GarbageAssertions {
    /** Bytes per round trip above which a type counts as allocating: a few stray bytes in total are tolerated. */
    public static final double THRESHOLD = 0.01;
    /** Round trips run first, so the JIT has compiled (and escape-analysed) the path. */
    public static final long WARM_UP = 200_000;
    /** Round trips measured. */
    public static final long ROUND_TRIPS = 1_000_000;

    private GarbageAssertions() {
    }

    /**
     * Asserts that round trips of {@code source} into {@code target} allocate nothing, over each
     * of {@code wires} (every available wire when none is given). Each supplier is called once per
     * wire. Allocates (setup and the failure message); blocks for roughly a second per wire.
     *
     * @throws AssertionError           naming every wire's figures if any wire allocates more than
     *                                  {@value #THRESHOLD} bytes per round trip, or if the copy read
     *                                  back does not write the same bytes as the source
     * @throws IllegalArgumentException if a given wire's module is not present
     */
    public static void assertNoGarbage(Supplier<? extends Marshallable> source, Supplier<? extends Marshallable> target,
                                       WireType... wires) {
        List<WireType> chosen = wires.length == 0 ? WireType.available() : Arrays.asList(wires);
        List<RoundTripCost> costs = new ArrayList<>();
        boolean failed = false;
        for (WireType wire : chosen) {
            RoundTripCost cost = measure(source, target, wire, WARM_UP, ROUND_TRIPS);
            costs.add(cost);
            failed |= cost.bytesPerRoundTrip() > THRESHOLD;
        }
        if (failed) {
            throw new AssertionError(message(costs));
        }
    }

    /**
     * Measures round trips of {@code source} into {@code target} over {@code wire}, after
     * {@code warmUp} unmeasured ones. Allocates (setup); blocks.
     *
     * @throws AssertionError           if the copy read back does not write the same bytes as the source
     * @throws IllegalArgumentException if {@code wire}'s module is not present, or a count is not positive
     */
    public static RoundTripCost measure(Supplier<? extends Marshallable> source, Supplier<? extends Marshallable> target,
                                        WireType wire, long warmUp, long roundTrips) {
        if (warmUp < 0 || roundTrips <= 0) {
            throw new IllegalArgumentException("warm-up must be >= 0 and round trips > 0: " + warmUp + ", " + roundTrips);
        }
        if (!wire.isAvailable()) {
            throw new IllegalArgumentException("WireType." + wire + " is not on the class path; available: "
                    + WireType.available());
        }
        Marshallable from = source.get();
        RoundTripLoop loop = new RoundTripLoop(wire, from, target.get());
        int documentBytes;
        try {
            documentBytes = loop.verify();
        } catch (IllegalStateException e) {
            throw new AssertionError(e.getMessage(), e);
        }
        loop.run(warmUp);
        long probe = AllocationCounter.allocatedBytes();
        long counterCost = AllocationCounter.allocatedBytes() - probe;
        long bytesBefore = AllocationCounter.allocatedBytes();
        long nanosBefore = System.nanoTime();
        loop.run(roundTrips);
        long nanos = System.nanoTime() - nanosBefore;
        long allocated = AllocationCounter.allocatedBytes() - bytesBefore - counterCost;
        return new RoundTripCost(from.getClass().getName(), wire, documentBytes, roundTrips, Math.max(0, allocated), nanos);
    }

    private static String message(List<RoundTripCost> costs) {
        StringBuilder message = new StringBuilder(costs.get(0).type()).append(" allocates during round trips")
                .append(String.format(Locale.ROOT, " (limit %s bytes per round trip):", THRESHOLD));
        for (RoundTripCost cost : costs) {
            message.append(String.format(Locale.ROOT, "%n  %-13s %10.4f bytes per round trip (%,d bytes over %,d round"
                            + " trips, %d-byte documents, %.1f ns each)%s", cost.wire(), cost.bytesPerRoundTrip(),
                    cost.allocatedBytes(), cost.roundTrips(), cost.documentBytes(), cost.nanosPerRoundTrip(),
                    cost.bytesPerRoundTrip() > THRESHOLD ? "  <-- garbage" : ""));
        }
        return message.append(String.format(Locale.ROOT, "%nUsual causes: a lambda that captures this or a local,"
                + " boxing (Long, Integer, collections of them), a new String per read (use text() for interned"
                + " values or textTo(StringBuilder)), or a readMarshallable too large for the JIT to inline")).toString();
    }
}
