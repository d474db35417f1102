package io.zwire.test;

import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.WireType;
import io.zwire.test.harness.RoundTripLoop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Garbage checks for users' own tests, with no test-framework dependency: they throw
 * {@link AssertionError}, which JUnit, TestNG and plain {@code assert}-style runners all report as
 * a failure.
 *
 * <pre>{@code
 * @Test
 * void orderIsGarbageFree() {
 *     GarbageAssertions.assertNoGarbage(Order.class, WireType.YAML, WireType.BINARY);
 * }
 * }</pre>
 *
 * <p>{@link #assertNoGarbage(Class, WireType...)} is the strict check, the same as {@code zwire
 * garbage} (see {@link GarbageCheck}): the capture check first, then two forked JVMs per wire, as
 * compiled and with escape analysis off, on the test's class path. Its verdict does not depend on
 * what else ran in the test JVM.
 *
 * <p>{@link #assertNoGarbageInProcess} is weaker and quicker: it measures in the test's own JVM,
 * where the JIT's profiles and inlining decisions depend on every other test that ran before, so
 * escape analysis may hide a capturing lambda in one run and not in the next. A failure there is
 * real; a pass is evidence, not proof. It suits types built by factories with arguments, which a
 * forked JVM cannot construct by name.
 */
public final class GarbageAssertions {
    /**
     * Bytes per round trip above which a type counts as allocating, in every garbage check zwire
     * has (in-process, forked, and zwire's own tests): a few stray bytes in total are tolerated.
     */
    public static final double THRESHOLD = 0.01;
    /** Round trips run before a measurement by default, so the JIT has compiled (and escape-analysed) the path. */
    public static final long WARM_UP = 200_000;
    /** Round trips measured by default: enough for the exact counter to resolve {@value #THRESHOLD} bytes each. */
    public static final long ROUND_TRIPS = 1_000_000;

    private GarbageAssertions() {
    }

    /**
     * The strict check with the default counts ({@value GarbageCheck#DEFAULT_ROUND_TRIPS} measured
     * round trips per JVM): asserts that round trips of {@code type} allocate nothing over each of
     * {@code wires} (every available wire when none is given), in the strict sense. Blocks while
     * two JVMs per wire run; allocates.
     *
     * @param type the type to check: a public concrete class with a public no-argument constructor
     * @param wires the wires to check it on; none means every wire {@link WireType#available()} lists
     * @throws AssertionError           with the report if a lambda captures, or any wire allocates,
     *                                  is clean only through escape analysis, or cannot be measured
     * @throws IllegalArgumentException if the type cannot be constructed by name, or a wire's module
     *                                  is not present
     */
    public static void assertNoGarbage(Class<? extends Marshallable> type, WireType... wires) {
        GarbageCheck.of(type).wires(wires).assertClean();
    }

    /**
     * The strict check with {@code roundTrips} measured round trips per JVM (ten million for the
     * thoroughness of {@code zwire garbage}); otherwise as {@link #assertNoGarbage(Class, WireType...)}.
     *
     * @param type the type to check, as for {@link #assertNoGarbage(Class, WireType...)}
     * @param roundTrips measured round trips per forked JVM, positive
     * @param wires the wires to check it on; none means every wire {@link WireType#available()} lists
     * @throws IllegalArgumentException also if {@code roundTrips} is not positive
     */
    public static void assertNoGarbage(Class<? extends Marshallable> type, long roundTrips, WireType... wires) {
        GarbageCheck.of(type).wires(wires).roundTrips(roundTrips).assertClean();
    }

    /**
     * The in-process check with the default counts: asserts that round trips of {@code source}
     * into {@code target} allocate nothing, measured in this JVM, over each of {@code wires} (every
     * available wire when none is given). Each supplier is called once per wire. Weaker than
     * {@link #assertNoGarbage(Class, WireType...)} (see the class comment). Allocates (setup and the
     * failure message); blocks for roughly a second per wire.
     *
     * @throws AssertionError           naming every wire's figures if any wire allocates more than
     *                                  {@value #THRESHOLD} bytes per round trip, or if the copy read
     *                                  back does not write the same bytes as the source
     * @throws IllegalArgumentException if a given wire's module is not present
     * @param source makes the instance written each round trip
     * @param target makes the instance read into, reused for every round trip
     * @param wires the wires to check it on; none means every wire {@link WireType#available()} lists
     */
    public static void assertNoGarbageInProcess(Supplier<? extends Marshallable> source,
                                                Supplier<? extends Marshallable> target, WireType... wires) {
        assertNoGarbageInProcess(source, target, ROUND_TRIPS, wires);
    }

    /**
     * The in-process check with {@code roundTrips} measured round trips per wire; otherwise as
     * {@link #assertNoGarbageInProcess(Supplier, Supplier, WireType...)}.
     *
     * @param source makes the instance written each round trip
     * @param target makes the instance read into, reused for every round trip
     * @param roundTrips measured round trips per wire, positive
     * @param wires the wires to check it on; none means every wire {@link WireType#available()} lists
     * @throws IllegalArgumentException also if {@code roundTrips} is not positive
     */
    public static void assertNoGarbageInProcess(Supplier<? extends Marshallable> source,
                                                Supplier<? extends Marshallable> target, long roundTrips,
                                                WireType... wires) {
        List<RoundTripCost> costs = measureEach(wires, wire -> measure(source, target, wire, WARM_UP, roundTrips));
        if (costs.stream().anyMatch(cost -> cost.bytesPerRoundTrip() > THRESHOLD)) {
            throw new AssertionError(message(costs));
        }
    }

    /**
     * The in-process check for a type read through {@code marshaller}: asserts that writing
     * {@code source} and reading it back, into the object the previous read returned, allocates
     * nothing, over each of {@code wires} (every available wire when none is given). For a mutable
     * type, whose marshaller reads into the instance it is given; an immutable one allocates by
     * design ({@link #assertAllocatesByDesignInProcess}). Otherwise as
     * {@link #assertNoGarbageInProcess(Supplier, Supplier, WireType...)}.
     *
     * @param <T> the type
     * @param source makes the instance written each round trip, called once per wire
     * @param marshaller how the type is written and read
     * @param wires the wires to check it on; none means every wire {@link WireType#available()} lists
     * @throws AssertionError as {@link #assertNoGarbageInProcess(Supplier, Supplier, WireType...)}
     * @throws IllegalArgumentException if a given wire's module is not present
     */
    public static <T> void assertNoGarbageInProcess(Supplier<? extends T> source, Marshaller<T> marshaller,
                                                    WireType... wires) {
        List<RoundTripCost> costs = measureEach(wires, wire -> measure(source, marshaller, wire, WARM_UP, ROUND_TRIPS));
        if (costs.stream().anyMatch(cost -> cost.bytesPerRoundTrip() > THRESHOLD)) {
            throw new AssertionError(message(costs));
        }
    }

    /**
     * The in-process check for a type that allocates by design, such as a record
     * ({@link Marshaller#ofRecord}, one instance per read): passes when each wire allocates at
     * most {@code bytesPerRoundTrip} (plus {@value #THRESHOLD}) per round trip, and returns a
     * report that says it allocates by design, with the figures. Allocates; blocks for roughly a
     * second per wire.
     *
     * @param <T> the type
     * @param source makes the instance written each round trip, called once per wire
     * @param marshaller how the type is written and read
     * @param bytesPerRoundTrip the allocation expected per round trip, 0 or more
     * @param wires the wires to check it on; none means every wire {@link WireType#available()} lists
     * @return the report, one line per wire
     * @throws AssertionError with the report if a wire allocates more than expected, or the copy
     *                        read back does not write the same bytes as the source
     * @throws IllegalArgumentException if a given wire's module is not present, or
     *                                  {@code bytesPerRoundTrip} is negative
     */
    public static <T> String assertAllocatesByDesignInProcess(Supplier<? extends T> source, Marshaller<T> marshaller,
                                                              double bytesPerRoundTrip, WireType... wires) {
        if (bytesPerRoundTrip < 0) {
            throw new IllegalArgumentException("expected bytes per round trip must not be negative: " + bytesPerRoundTrip);
        }
        List<RoundTripCost> costs = measureEach(wires, wire -> measure(source, marshaller, wire, WARM_UP, ROUND_TRIPS));
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "%s allocates by design: at most %s bytes per round trip expected", costs.get(0).type(), bytesPerRoundTrip));
        boolean failed = false;
        for (RoundTripCost cost : costs) {
            boolean within = cost.bytesPerRoundTrip() <= bytesPerRoundTrip + THRESHOLD;
            failed |= !within;
            report.append(String.format(Locale.ROOT, "%n  %-13s %10.4f bytes per round trip (%d-byte documents, %.1f ns"
                    + " each)  %s", cost.wire(), cost.bytesPerRoundTrip(), cost.documentBytes(), cost.nanosPerRoundTrip(),
                    within ? "as designed" : "<-- MORE THAN EXPECTED"));
        }
        if (failed) {
            throw new AssertionError(report.toString());
        }
        return report.toString();
    }

    /** {@code measure} for each of {@code wires} (every available wire when none is given). */
    private static List<RoundTripCost> measureEach(WireType[] wires, Function<WireType, RoundTripCost> measure) {
        List<WireType> chosen = wires.length == 0 ? WireType.available() : Arrays.asList(wires);
        if (chosen.isEmpty()) {
            // Without a wire module on the class path the check would pass having measured nothing.
            throw new IllegalArgumentException("no wire is available: add wire-yaml or wire-binary to the test class path");
        }
        List<RoundTripCost> costs = new ArrayList<>();
        for (WireType wire : chosen) {
            costs.add(measure.apply(wire));
        }
        return costs;
    }

    /**
     * Measures round trips of {@code source} into {@code target} over {@code wire}, after
     * {@code warmUp} unmeasured ones. Allocates (setup); blocks.
     *
     * @param source makes the instance written each round trip
     * @param target makes the instance read into, reused for every round trip
     * @param wire the wire to measure
     * @param warmUp unmeasured round trips first, 0 or more
     * @param roundTrips measured round trips, positive
     * @return the document size, the bytes the calling thread allocated and the time taken
     * @throws AssertionError           if the copy read back does not write the same bytes as the source
     * @throws IllegalArgumentException if {@code wire}'s module is not present, {@code warmUp} is
     *                                  negative or {@code roundTrips} not positive
     */
    public static RoundTripCost measure(Supplier<? extends Marshallable> source, Supplier<? extends Marshallable> target,
                                        WireType wire, long warmUp, long roundTrips) {
        Marshallable from = source.get();
        return measure(from.getClass().getName(), () -> new RoundTripLoop(wire, from, target.get()), wire, warmUp,
                roundTrips);
    }

    /**
     * Measures round trips of {@code source} over {@code wire} through {@code marshaller}, each
     * read into the object the previous read returned, after {@code warmUp} unmeasured ones.
     * Allocates (setup); blocks.
     *
     * @param <T> the type
     * @param source makes the instance written each round trip
     * @param marshaller how the type is written and read
     * @param wire the wire to measure
     * @param warmUp unmeasured round trips first, 0 or more
     * @param roundTrips measured round trips, positive
     * @return the document size, the bytes the calling thread allocated and the time taken
     * @throws AssertionError           if the copy read back does not write the same bytes as the source
     * @throws IllegalArgumentException as {@link #measure(Supplier, Supplier, WireType, long, long)}
     */
    @SuppressWarnings("unchecked")
    public static <T> RoundTripCost measure(Supplier<? extends T> source, Marshaller<T> marshaller, WireType wire,
                                            long warmUp, long roundTrips) {
        return measure(marshaller.type().getName(),
                () -> new RoundTripLoop(wire, source.get(), (Marshaller<Object>) marshaller), wire, warmUp, roundTrips);
    }

    private static RoundTripCost measure(String type, Supplier<RoundTripLoop> loops, WireType wire, long warmUp,
                                         long roundTrips) {
        if (warmUp < 0 || roundTrips <= 0) {
            throw new IllegalArgumentException("warm-up must be >= 0 and round trips > 0: " + warmUp + ", " + roundTrips);
        }
        if (!wire.isAvailable()) {
            throw new IllegalArgumentException("WireType." + wire + " is not on the class path; available: "
                    + WireType.available());
        }
        RoundTripLoop loop = loops.get();
        int documentBytes;
        try {
            documentBytes = loop.verify();
        } catch (IllegalStateException e) {
            throw new AssertionError(e.getMessage(), e);
        }
        loop.run(warmUp);
        Runnable measured = () -> loop.run(roundTrips);
        long nanosBefore = System.nanoTime();
        long allocated = AllocationMeter.allocatedDuring(measured);
        long nanos = System.nanoTime() - nanosBefore;
        return new RoundTripCost(type, wire, documentBytes, roundTrips, allocated, nanos);
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
