package io.zwire.test.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A measuring main class run in a JVM of its own with escape analysis off, as the strict garbage
 * checks run their probes, so nothing measured leans on the JIT removing an allocation: the test
 * JVM's {@code java} and class path, with {@link #JVM_OPTIONS}. The probe prints one line per
 * measurement, {@code <what> bytes/<unit>=<bytes>}; its other lines only go into a failure's message.
 */
public final class ForkedMeasurements {
    /** The forked JVM's options: a simple collector, and {@link ProbeMode#NO_ESCAPE_ANALYSIS}'s. */
    public static final List<String> JVM_OPTIONS = Stream.concat(Stream.of("-XX:+UseSerialGC"),
            ProbeMode.NO_ESCAPE_ANALYSIS.jvmOptions().stream()).toList();

    private ForkedMeasurements() {
    }

    /**
     * Runs {@code main} with {@code args} and returns its measurements per {@code unit}, by what
     * each measured, in the order printed. Blocks until the probe exits, at most
     * {@code timeoutSeconds} (then it is killed); allocates.
     *
     * @param unit           what the bytes are per, as the probe prints it: {@code message}, {@code record}
     * @param main           the probe's main class, on this JVM's class path
     * @param timeoutSeconds the longest the probe may run
     * @param args           the probe's arguments
     * @return bytes per {@code unit} by what was measured, e.g. {@code "BINARY append" -> 0.0}
     * @throws AssertionError if the probe exits with a non-zero status or is killed at the
     *                        timeout (its output in the message)
     * @throws IOException if the JVM cannot be started
     * @throws InterruptedException if interrupted while waiting for the probe
     */
    public static Map<String, Double> bytesPer(String unit, Class<?> main, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        ProcessLines.Ended ended = ProcessLines.finish(process, timeoutSeconds);
        if (ended.killed()) {
            throw new AssertionError(main.getSimpleName() + " did not finish in " + timeoutSeconds + " s: " + ended.lines());
        }
        if (ended.exitStatus() != 0) {
            throw new AssertionError(main.getSimpleName() + " exited with status " + ended.exitStatus() + ": " + ended.lines());
        }
        String marker = " bytes/" + unit + "=";
        Map<String, Double> measured = new LinkedHashMap<>();
        for (String line : ended.lines()) {
            int at = line.indexOf(marker);
            if (at > 0) {
                measured.put(line.substring(0, at), Double.parseDouble(line.substring(at + marker.length())));
            }
        }
        return measured;
    }
}
