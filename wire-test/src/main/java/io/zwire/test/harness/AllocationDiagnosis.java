package io.zwire.test.harness;

import io.zwire.WireType;

import java.util.List;
import java.util.Locale;

/**
 * Says where a type that failed the garbage check allocates, and what to do about it: for each
 * failed pair, the sites {@link AllocationSiteProbe} sampled (allocating frame, nearest frame in
 * the type or in zwire, the field), which of them the schema knows allocate by design
 * ({@link AllocationDesign}), and the assertion to use when all of them do. Runs only after a
 * check has failed, one extra JVM per failed pair, so a passing check costs nothing more.
 *
 * <pre>
 * Where VanReading allocates over RAW (JFR allocation samples, escape analysis off, 412,500 round trips):
 *   about 24.0 B/rt (43%)  java.time.Instant at Instant.create:412, from VanReading.lambda$static$0:40
 *       field time (3), in VanReading.readMarshallable:55: by design: its Marshaller builds a new Instant per read
 * </pre>
 */
public final class AllocationDiagnosis {
    /** Round trips run before sampling: enough to leave class loading and first-use setup behind. */
    private static final long WARM_UP = 20_000;
    /**
     * Sites by design estimated below this many bytes per round trip are summed in one line rather
     * than listed; a site not by design is listed whatever its size.
     */
    private static final double LISTED_BYTES = 8;
    /** Objects are 8-byte aligned: the suggested bound is the next multiple of this above the worst measured. */
    private static final long BOUND_STEP = 8;

    private final MarshallableType type;
    private final AllocationDesign design;
    private final ProbeLauncher launcher;
    private final double threshold;

    /**
     * @param type      the checked type
     * @param launcher  forks the sampling JVMs
     * @param threshold bytes per round trip within which a pair counts as clean
     * @throws IllegalStateException if the type's schema cannot be recorded
     */
    public AllocationDiagnosis(MarshallableType type, ProbeLauncher launcher, double threshold) {
        this.type = type;
        this.design = new AllocationDesign(CaptureCheck.schema(type),
                type.marshaller() != null ? type.marshaller().type() : type.type());
        this.launcher = launcher;
        this.threshold = threshold;
    }

    /**
     * The diagnosis of {@code type}'s pairs in {@code allocating}, as {@link #describe} gives it,
     * with the check to use written as {@link #checkAsWritten} writes it followed by
     * {@code checkOptions}; a type whose schema cannot be recorded gets one line saying so instead.
     * Blocks and allocates as {@link #describe} does.
     *
     * @param type         the checked type
     * @param launcher     forks the sampling JVMs
     * @param threshold    bytes per round trip within which a pair counts as clean
     * @param allocating   the check's results that failed by allocating, all of {@code type}
     * @param checkOptions the user's own options, as calls: e.g. {@code .roundTrips(100000)}; or ""
     * @return the text; empty when no pair allocates
     */
    public static String of(MarshallableType type, ProbeLauncher launcher, double threshold,
                            List<GarbageResult> allocating, String checkOptions) {
        try {
            return new AllocationDiagnosis(type, launcher, threshold)
                    .describe(allocating, checkAsWritten(type.name(), allocating) + checkOptions);
        } catch (IllegalStateException e) {
            return "No allocation sites for " + type.name() + ": " + e.getMessage() + "\n";
        }
    }

    /**
     * The diagnosis of the pairs in {@code allocating} ({@link GarbageReport#allocating()}):
     * sampled, each site explained, then the assertion to use instead, or what to fix first.
     * Blocks while one JVM per pair runs (a few seconds each, see {@link ProbeLauncher#sites}); allocates.
     *
     * @param allocating     the check's results that failed by allocating, all of this type
     * @param checkForWires  the check as a user writes it, for the failed wires, with the user's own
     *                       options, less its last call: e.g.
     *                       {@code GarbageCheck.of(VanReading.class).wires(WireType.RAW).roundTrips(100000)}
     * @return the text; empty when no pair allocates
     */
    public String describe(List<GarbageResult> allocating, String checkForWires) {
        StringBuilder text = new StringBuilder();
        double worst = 0;
        boolean allByDesign = true;
        for (GarbageResult result : allocating) {
            ProbeReport measured = result.strict() != null ? result.strict() : result.compiled();
            worst = Math.max(worst, Math.max(result.compiled().exactBytesPerRoundTrip(),
                    measured.exactBytesPerRoundTrip()));
            try {
                AllocationSites sampled = launcher.sites(result.jdk(), type.name(), result.wire(), WARM_UP);
                allByDesign &= describe(text, result.wire(), sampled, measured.exactBytesPerRoundTrip());
            } catch (GcLogException e) {
                allByDesign = false;
                text.append(String.format(Locale.ROOT, "No allocation sites for %s over %s: %s%n", type.simpleName(),
                        result.wire(), e.getMessage()));
            }
        }
        if (text.length() == 0) {
            return "";
        }
        if (allByDesign) {
            text.append(String.format(Locale.ROOT, "Every site is one the schema knows allocates by design. If that"
                    + " is what you want, assert it instead (measured: at most %.4f bytes per round trip):%n    %s"
                    + ".assertAllocatesByDesign(%d);%n", worst, checkForWires, suggestedBound(worst)));
        } else {
            text.append(String.format(Locale.ROOT, "Fix the sites marked NOT BY DESIGN (docs/garbage-testing.md, What"
                    + " causes garbage) and look into those marked CANNOT TELL; if only sites by design remain, assert them"
                    + " with%n    %s.assertAllocatesByDesign(<bytes per round trip>);%n", checkForWires));
        }
        return text.toString();
    }

    /**
     * True when the site's weight is that of one sample: one TLAB, whose reported size may be a little
     * over the size the launcher sets, so under two.
     */
    private static boolean seenOnce(AllocationSite site) {
        return site.sampledBytes() < 2L * ProbeLauncher.SITE_TLAB_BYTES;
    }

    /**
     * {@return the bound to suggest for {@code worst} bytes per round trip measured: the next
     * multiple of 8 above it} Objects are 8-byte aligned, so a real change in what a round trip
     * allocates moves the figure by 8 bytes or more, while run-to-run noise (a few hundredths)
     * stays below the bound.
     */
    static long suggestedBound(double worst) {
        return ((long) Math.floor(worst / BOUND_STEP) + 1) * BOUND_STEP;
    }

    /**
     * {@return the strict check of {@code typeName} over {@code wires} as a user writes it, less
     * its last call: {@code GarbageCheck.of(Trade.class).wires(WireType.RAW)}, or
     * {@code GarbageCheck.of(Holder.class, "FIELD")...} for a foreign type's marshaller}
     *
     * @param typeName a class name, or {@code Holder#FIELD}, as {@link MarshallableType#load} takes
     * @param pairs    the pairs that failed; their wires, once each, in order
     */
    public static String checkAsWritten(String typeName, List<GarbageResult> pairs) {
        List<WireType> wires = pairs.stream().map(GarbageResult::wire).distinct().toList();
        int hash = typeName.indexOf('#');
        String of = hash < 0 ? sourceName(typeName) + ".class"
                : sourceName(typeName.substring(0, hash)) + ".class, \"" + typeName.substring(hash + 1) + "\"";
        StringBuilder wireList = new StringBuilder();
        for (WireType wire : wires) {
            wireList.append(wireList.length() == 0 ? "" : ", ").append("WireType.").append(wire.name());
        }
        return "GarbageCheck.of(" + of + ").wires(" + wireList + ")";
    }

    /** {@code a.b.Outer$Inner} as a Java source names it from an import: {@code Outer.Inner}. */
    private static String sourceName(String className) {
        return className.substring(className.lastIndexOf('.') + 1).replace('$', '.');
    }

    /** Appends one pair's sites; returns whether every listed site is by design. */
    boolean describe(StringBuilder text, WireType wire, AllocationSites sampled, double bytesPerRoundTrip) {
        text.append(String.format(Locale.ROOT, "Where %s allocates over %s (JFR allocation samples, escape analysis"
                + " off, %,d round trips):%n", type.simpleName(), wire, sampled.roundTrips()));
        long total = sampled.sampledBytes();
        if (total == 0) {
            text.append("  no allocation was sampled: the bytes counted may come from outside the round trip\n");
            return false;
        }
        boolean allByDesign = true;
        double unlisted = 0;
        double belowThreshold = 0;
        for (AllocationSite site : sampled.sites()) {
            double share = (double) site.sampledBytes() / total;
            double bytes = share * bytesPerRoundTrip;
            if (bytes < threshold) {
                // Within what the check itself counts as clean: first-use setup or a deoptimisation.
                belowThreshold += bytes;
                continue;
            }
            String reason = design.reason(site);
            allByDesign &= reason != null;
            if (reason != null && bytes < LISTED_BYTES) {
                unlisted += bytes;
                continue;
            }
            text.append(String.format(Locale.ROOT, "  about %.1f B/rt (%.0f%%)  %s at %s%s%n      %s%s: %s%n",
                    bytes, share * 100, site.objectClass(), site.allocatingFrame(),
                    site.nearestFrame() == null ? "" : ", from " + site.nearestFrame(), site.fieldWords(),
                    site.typeFrame() == null || !site.hasField() ? "" : ", in " + site.typeFrame(),
                    reason != null ? "by design: " + reason : seenOnce(site)
                            ? "CANNOT TELL: seen in one sample only, a one-off (first use, a deoptimisation) or a rare"
                            + " allocation; if it recurs: " + design.problem(site)
                            : "NOT BY DESIGN: " + design.problem(site)));
        }
        if (unlisted > 0) {
            text.append(String.format(Locale.ROOT, "  and about %.1f B/rt more at smaller sites, each by design%n",
                    unlisted));
        }
        if (belowThreshold >= threshold) {
            // Together they are more than the check lets pass, and no site of them was judged.
            allByDesign = false;
        }
        if (belowThreshold > 0) {
            text.append(String.format(Locale.ROOT, "  and about %.3f B/rt at sites each below the check's threshold of"
                    + " %.2f B/rt, not judged (one-off allocations, such as first use)%n", belowThreshold, threshold));
        }
        return allByDesign;
    }
}
