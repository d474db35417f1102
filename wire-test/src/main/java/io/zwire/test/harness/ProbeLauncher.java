package io.zwire.test.harness;

import io.zwire.WireType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Forks one {@link GarbageProbe} on a given Java installation, with the heap the measurement
 * relies on, and hands its output to {@link GcLogParser}.
 *
 * <p>The heap: the serial collector (G1 sizes its young generation in regions and ignores a
 * fixed Eden, which skews the estimate), a 14 MiB young generation split 5:1:1 so Eden is exactly
 * 10 MiB, and a fixed, small old generation, so that each young collection stands for 10 MiB
 * allocated and a garbage-free run shows none.
 */
public final class ProbeLauncher {
    /** JVM options of every probe; {@code -Xlog} goes to standard output, where the markers are. */
    public static final List<String> JVM_OPTIONS = List.of(
            "-XX:+UseSerialGC", "-Xmn14m", "-XX:SurvivorRatio=5", "-Xms64m", "-Xmx64m",
            "-Xlog:gc:stdout:uptime,level,tags", "-Xss1m");

    /** Frames JFR keeps per sampled allocation in the diagnosis. */
    private static final int SITE_STACK_DEPTH = 512;
    /** The TLAB size in the diagnosis: the sampling interval, in bytes allocated. */
    static final int SITE_TLAB_BYTES = 4096;
    /**
     * How long the allocation sampling may take before it is killed: it stops itself within a few
     * seconds, so this bounds only a hung one, whatever the check's own timeout.
     */
    static final long SITES_TIMEOUT_SECONDS = 60;

    private final String classPath;
    private final long timeoutSeconds;
    private final List<String> extraJvmOptions;

    /**
     * @param classPath      the probe's class path: zwire's own classes and the user's types
     * @param timeoutSeconds how long one probe may take before it is killed and reported as failed
     */
    public ProbeLauncher(String classPath, long timeoutSeconds) {
        this(classPath, timeoutSeconds, List.of());
    }

    /**
     * @param classPath       the probe's class path: zwire's own classes and the user's types
     * @param timeoutSeconds  how long one probe may take before it is killed and reported as failed
     * @param extraJvmOptions options added after the harness's own (and after the mode's), so a
     *                        user can add flags such as {@code -XX:MaxInlineSize=100}; an option
     *                        that changes the heap changes what a collection stands for
     */
    public ProbeLauncher(String classPath, long timeoutSeconds, List<String> extraJvmOptions) {
        this.classPath = classPath;
        this.timeoutSeconds = timeoutSeconds;
        this.extraJvmOptions = List.copyOf(extraJvmOptions);
    }

    /** The command line that runs one probe as compiled by default. Allocates. */
    public List<String> command(JavaRuntime jdk, String typeName, WireType wire, long warmUp, long roundTrips) {
        return command(jdk, typeName, wire, ProbeMode.AS_COMPILED, warmUp, roundTrips);
    }

    /** The command line that runs one probe in {@code mode}. Allocates. */
    public List<String> command(JavaRuntime jdk, String typeName, WireType wire, ProbeMode mode, long warmUp,
                                long roundTrips) {
        return command(jdk, List.of(), mode, GarbageProbe.class,
                List.of(typeName, wire.name(), Long.toString(warmUp), Long.toString(roundTrips)));
    }

    /** The harness's options, then {@code options}, the mode's, the user's, and {@code mainClass} with {@code arguments}. */
    private List<String> command(JavaRuntime jdk, List<String> options, ProbeMode mode, Class<?> mainClass,
                                 List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(jdk.launcher().toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(options);
        command.addAll(mode.jvmOptions());
        command.addAll(extraJvmOptions);
        command.addAll(List.of("-cp", classPath, mainClass.getName()));
        command.addAll(arguments);
        return command;
    }

    /**
     * Runs one probe to completion and parses what it printed. Blocks; allocates.
     *
     * @throws GcLogException if the probe failed, timed out or printed a log that cannot be parsed
     */
    public ProbeReport run(JavaRuntime jdk, String typeName, WireType wire, long warmUp, long roundTrips) {
        return run(jdk, typeName, wire, ProbeMode.AS_COMPILED, warmUp, roundTrips);
    }

    /**
     * Runs one probe in {@code mode} to completion and parses what it printed. Blocks; allocates.
     *
     * @throws GcLogException if the probe failed, timed out or printed a log that cannot be parsed
     */
    public ProbeReport run(JavaRuntime jdk, String typeName, WireType wire, ProbeMode mode, long warmUp,
                           long roundTrips) {
        ProcessLines.Ended finished = runToEnd(command(jdk, typeName, wire, mode, warmUp, roundTrips),
                "the probe for " + typeName + " over " + wire + " on " + jdk + " (" + mode.label() + ")", timeoutSeconds);
        ProbeReport report = GcLogParser.parse(finished.lines());
        if (finished.exitStatus() != 0) {
            throw new GcLogException("the probe exited with status " + finished.exitStatus() + " after its result");
        }
        return report;
    }

    /**
     * Samples where round trips of {@code typeName} over {@code wire} allocate
     * ({@link AllocationSiteProbe}), in a JVM of its own with escape analysis off, so nothing an
     * inlining decision hides is missed. For diagnosing a pair that failed: it never runs on the
     * way to a verdict. Blocks for a few seconds (JFR's start, the warm-up, up to
     * {@link AllocationSiteProbe#MOST_MILLIS} of sampling), at most {@link #SITES_TIMEOUT_SECONDS};
     * allocates. The recording's file and JFR's repository are in a folder this method makes and
     * deletes, whatever happens.
     *
     * @return the sites, heaviest first, and the round trips sampled
     * @throws GcLogException if the probe failed, timed out or printed no result
     */
    public AllocationSites sites(JavaRuntime jdk, String typeName, WireType wire, long warmUp) {
        Path folder;
        try {
            folder = Files.createTempDirectory("zwire-allocations");
        } catch (IOException e) {
            throw new GcLogException("cannot make a folder for the allocation recording: " + e.getMessage());
        }
        try {
            Path repository = Files.createDirectory(folder.resolve("repository"));
            List<String> command = command(jdk, List.of(
                    // JFR keeps 64 frames by default, which a nested read can exceed before reaching the type's own method.
                    "-XX:FlightRecorderOptions:stackdepth=" + SITE_STACK_DEPTH + ",repository=" + repository,
                    // Small TLABs of one size, each retired at the first object that does not fit (no allocation
                    // beside it): one JFR event per SITE_TLAB_BYTES allocated, each standing for as many bytes.
                    "-XX:-ResizeTLAB", "-XX:TLABSize=" + SITE_TLAB_BYTES, "-XX:TLABRefillWasteFraction=1"),
                    ProbeMode.NO_ESCAPE_ANALYSIS, AllocationSiteProbe.class,
                    List.of(typeName, wire.name(), Long.toString(warmUp), folder.resolve("allocations.jfr").toString()));
            return parseSites(runToEnd(command, "the allocation sampling of " + typeName + " over " + wire + " on " + jdk,
                    SITES_TIMEOUT_SECONDS));
        } catch (IOException e) {
            throw new GcLogException("cannot make JFR's repository folder: " + e.getMessage());
        } finally {
            deleteTree(folder);
        }
    }

    private static AllocationSites parseSites(ProcessLines.Ended finished) {
        List<AllocationSite> sites = new ArrayList<>();
        for (String line : finished.lines()) {
            if (line.startsWith(GarbageProbe.ERROR)) {
                throw new GcLogException("the allocation sampling failed: " + line.substring(GarbageProbe.ERROR.length()).strip());
            }
            if (line.startsWith(AllocationSiteProbe.SITE)) {
                sites.add(AllocationSite.parse(line.substring(AllocationSiteProbe.SITE.length())));
            } else if (line.startsWith(AllocationSiteProbe.DONE) && finished.exitStatus() == 0) {
                return new AllocationSites(sites, Long.parseLong(line.substring(AllocationSiteProbe.DONE.length())));
            }
        }
        throw new GcLogException("the allocation sampling exited with status " + finished.exitStatus()
                + " and no result: " + String.join(" / ", finished.lines()));
    }

    /** Deletes {@code folder} and all below it; what cannot be deleted is left (a temporary folder). */
    private static void deleteTree(Path folder) {
        try {
            FileTrees.delete(folder);
        } catch (IOException e) {
            // Left in the temporary folder, which the system clears; the diagnosis itself is unaffected.
        }
    }

    private static ProcessLines.Ended runToEnd(List<String> command, String what, long timeoutSeconds) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new GcLogException("cannot start " + command.get(0) + ": " + e.getMessage());
        }
        ProcessLines.Ended ended;
        try {
            ended = ProcessLines.finish(process, timeoutSeconds);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GcLogException("interrupted while waiting for the probe");
        }
        if (ended.killed()) {
            throw new GcLogException(what + " took longer than " + timeoutSeconds + " s and was stopped");
        }
        return ended;
    }
}
