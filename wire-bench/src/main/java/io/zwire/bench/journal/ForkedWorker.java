package io.zwire.bench.journal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link JournalWorker} in a JVM of its own: the running JDK's {@code java}, this JVM's class
 * path, and the peer's options for that JDK. Its stdout is read line by line on a daemon thread,
 * so waiting for a line has a deadline; its stderr goes to a file, shown when it fails. Closing
 * it kills the process if it still runs and deletes the file.
 */
final class ForkedWorker implements AutoCloseable {
    private static final String END_OF_OUTPUT = "\u0000end";
    private final Process process;
    private final Path errors;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final String description;

    private ForkedWorker(Process process, Path errors, String description) {
        this.process = process;
        this.errors = errors;
        this.description = description;
        Thread reader = new Thread(this::readLines, "journal-worker-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts a worker. Allocates; does not wait for it.
     *
     * @throws IOException if the JVM cannot be started
     */
    static ForkedWorker start(JournalPeer peer, String mode, Path directory, long rate, long warmup, long measured)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(peer.jvmOptions(Runtime.version().feature()));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), JournalWorker.class.getName(), mode,
                peer.name(), directory.toString(), Long.toString(rate), Long.toString(warmup), Long.toString(measured)));
        Path errors = Files.createTempFile("zwire-journal-worker", ".err");
        Process process = new ProcessBuilder(command).redirectError(errors.toFile()).start();
        return new ForkedWorker(process, errors, peer.name() + " " + mode);
    }

    /**
     * Waits for the first line that starts with {@code key}, skipping others. Blocks up to the deadline.
     *
     * @throws IOException if the worker ends, or the deadline passes, first
     */
    String awaitLine(String key, long deadlineNanos) throws IOException, InterruptedException {
        while (true) {
            long left = deadlineNanos - System.nanoTime();
            String line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : null;
            if (line == null) {
                throw failure("no '" + key + "' line before the deadline");
            }
            if (line.equals(END_OF_OUTPUT)) {
                lines.add(END_OF_OUTPUT);
                throw failure("ended without a '" + key + "' line");
            }
            if (line.equals(key) || line.startsWith(key + " ")) {
                return line;
            }
        }
    }

    /**
     * Waits for the worker to exit. Blocks up to the deadline.
     *
     * @throws IOException if it does not exit in time or exits with a failure
     */
    void awaitSuccess(long deadlineNanos) throws IOException, InterruptedException {
        if (!process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            throw failure("still running at the deadline");
        }
        if (process.exitValue() != 0) {
            throw failure("exited with status " + process.exitValue());
        }
    }

    private IOException failure(String what) throws IOException {
        process.destroyForcibly();
        String stderr = Files.exists(errors) ? Files.readString(errors, StandardCharsets.UTF_8).strip() : "";
        return new IOException("journal worker " + description + " " + what + (stderr.isEmpty() ? "" : ":\n" + stderr));
    }

    private void readLines() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // The process is gone; what it printed so far is in the queue.
            lines.add(END_OF_OUTPUT);
            return;
        }
        lines.add(END_OF_OUTPUT);
    }

    @Override
    public void close() throws IOException {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Files.deleteIfExists(errors);
    }
}
