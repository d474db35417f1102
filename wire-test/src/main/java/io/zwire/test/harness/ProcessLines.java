package io.zwire.test.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What a forked process printed, collected while waiting for it to end: for the harness and the tests that fork JVMs. */
public final class ProcessLines {
    /** The exit status {@link Ended} gives a process that was killed at its timeout. */
    public static final int KILLED = -1;
    /** How long the output reader, and a killed process, may take to finish. */
    private static final long CLEAN_UP_MILLIS = 10_000;

    private ProcessLines() {
    }

    /**
     * How a process ended.
     *
     * @param lines      what it printed, in order; a last line {@code (output lost: ...)} if reading failed
     * @param exitStatus its exit status, or {@link #KILLED}
     */
    public record Ended(List<String> lines, int exitStatus) {
        /** {@return whether it was killed at its timeout} */
        public boolean killed() {
            return exitStatus == KILLED;
        }
    }

    /**
     * Waits for {@code process} to end, at most {@code seconds} (then kills it), reading its
     * standard output on a daemon thread meanwhile, so a process that fills the pipe still ends.
     * Blocks; allocates.
     *
     * @param process a started process; redirect its standard error to its output to collect both
     * @param seconds the longest wait before the process is killed
     * @return its output and exit status
     * @throws InterruptedException if interrupted while waiting (the process is killed)
     */
    public static Ended finish(Process process, long seconds) throws InterruptedException {
        List<String> output = new ArrayList<>();
        Thread reader = new Thread(() -> readLines(process, output), "process-lines");
        reader.setDaemon(true);
        reader.start();
        boolean exited;
        try {
            exited = process.waitFor(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
        if (!exited) {
            process.destroyForcibly().waitFor(CLEAN_UP_MILLIS, TimeUnit.MILLISECONDS);
        }
        reader.join(CLEAN_UP_MILLIS);
        synchronized (output) {
            return new Ended(List.copyOf(output), exited ? process.exitValue() : KILLED);
        }
    }

    private static void readLines(Process process, List<String> output) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                synchronized (output) {
                    output.add(line);
                }
            }
        } catch (IOException e) {
            synchronized (output) {
                output.add("(output lost: " + e + ")");
            }
        }
    }
}
