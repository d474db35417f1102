package io.zwire.testkit;

import io.zwire.test.GarbageAssertions;

/**
 * How many round trips zwire's own in-process garbage tests measure, and after how long a warm-up
 * ({@link #warmUpBefore}). The default build ({@code ./mvnw verify}) measures
 * {@link #QUICK} per check: at the threshold of {@value GarbageAssertions#THRESHOLD} bytes per round
 * trip that still fails 16 bytes allocated once in every 1,600 round trips, and tolerates 200
 * stray bytes in all. The default build's test JVMs run C1 alone (the parent pom's
 * {@code surefire.jit}), with no escape analysis, so these checks are strict there, and no stray
 * byte reaches the counter: a clean type measures 0.0000 bytes per round trip, over 20,000 as over
 * 200,000, so the shorter count proves the same while 13 allocations of the smallest object (16
 * bytes) in all still fail it. The same
 * checks over {@link #FULL} round trips each are long proofs (JUnit tag {@code long},
 * {@code ./mvnw -Plong verify}), run with C2 and escape analysis, with the counts users' checks
 * have by default: there a method the JIT recompiles late (on a loaded machine) deoptimizes, which
 * materializes the objects it had scalar-replaced on the measured thread (loaded runs saw 1,296
 * and 1,472 such bytes over 100,000 round trips of JSON's {@code Quote}); and the first method of
 * a class that C2 is asked to compile makes HotSpot resolve every string literal of that class on
 * the asking thread (docs/garbage-testing.md). The longer count absorbs both.
 */
public final class GarbageRounds {
    /** Round trips measured per check in the default build. */
    public static final long QUICK = 20_000;
    /** Round trips measured per check in the long proofs: the default of users' checks. */
    public static final long FULL = GarbageAssertions.ROUND_TRIPS;
    /**
     * Round trips run unmeasured before a {@link #QUICK} check: a tenth of the full warm-up. What a
     * round trip allocates changes only while its first-time work is done (classes initialized,
     * lambdas linked, interned names and buffers grown to size), which the first round trips of a
     * check's cycle of documents do. Compiling changes it only where C2's escape analysis removes
     * an allocation, never adding one: the default build's test JVMs run C1 alone, which compiles
     * within a few thousand calls and removes none, so measuring sooner measures the same bytes,
     * and a run with C2 ({@code -Dsurefire.jit=}) can only count fewer. The full warm-up stays
     * before the long proofs, which run with C2 and must measure its steady state.
     */
    public static final long QUICK_WARM_UP = 20_000;

    private GarbageRounds() {
    }

    /**
     * {@return the round trips to run unmeasured before measuring {@code roundTrips}}: {@link #QUICK_WARM_UP}
     * up to {@link #QUICK}, the full {@link GarbageAssertions#WARM_UP} above it.
     */
    public static long warmUpBefore(long roundTrips) {
        return roundTrips <= QUICK ? QUICK_WARM_UP : GarbageAssertions.WARM_UP;
    }
}
