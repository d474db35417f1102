package io.zwire.test.harness;

import io.zwire.WireType;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        List<String> command = new ArrayList<>();
        command.add(jdk.launcher().toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(mode.jvmOptions());
        command.addAll(extraJvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(GarbageProbe.class.getName());
        command.add(typeName);
        command.add(wire.name());
        command.add(Long.toString(warmUp));
        command.add(Long.toString(roundTrips));
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
        ProcessBuilder builder = new ProcessBuilder(command(jdk, typeName, wire, mode, warmUp, roundTrips))
                .redirectErrorStream(true);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new GcLogException("cannot start " + jdk.launcher() + ": " + e.getMessage());
        }
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> readLines(process, lines), "zwire-probe-output");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new GcLogException("the probe for " + typeName + " over " + wire + " on " + jdk
                        + " (" + mode.label() + ") took longer than " + timeoutSeconds + " s and was stopped");
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new GcLogException("interrupted while waiting for the probe");
        }
        List<String> output;
        synchronized (lines) {
            output = List.copyOf(lines);
        }
        ProbeReport report = GcLogParser.parse(output);
        if (process.exitValue() != 0) {
            throw new GcLogException("the probe exited with status " + process.exitValue() + " after its result");
        }
        return report;
    }

    private static void readLines(Process process, List<String> lines) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                synchronized (lines) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
