package io.zwire.testkit;

import io.zwire.test.GarbageAssertions;

/**
 * How many round trips zwire's own in-process garbage tests measure, after the full warm-up of
 * {@link GarbageAssertions#WARM_UP}. The default build ({@code ./mvnw verify}) measures
 * {@link #QUICK} per check: at the threshold of {@value GarbageAssertions#THRESHOLD} bytes per round
 * trip that still fails 16 bytes allocated once in every 1,600 round trips, and tolerates 2,000
 * stray bytes in all. The default build's test JVMs run C1 alone (the parent pom's
 * {@code surefire.jit}), with no escape analysis, so these checks are strict there. The same
 * checks over {@link #FULL} round trips each are long proofs (JUnit tag {@code long},
 * {@code ./mvnw -Plong verify}), run with C2 and escape analysis, with the counts users' checks
 * have by default: there a method the JIT recompiles late (on a loaded machine) deoptimizes, which
 * materializes the objects it had scalar-replaced on the measured thread (loaded runs saw 1,296
 * and 1,472 such bytes over 100,000 round trips of JSON's {@code Quote}), which the longer count
 * absorbs.
 */
public final class GarbageRounds {
    /** Round trips measured per check in the default build. */
    public static final long QUICK = 200_000;
    /** Round trips measured per check in the long proofs: the default of users' checks. */
    public static final long FULL = GarbageAssertions.ROUND_TRIPS;

    private GarbageRounds() {
    }
}
