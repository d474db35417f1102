package io.zwire.journal.kafka;

import io.zwire.journal.Journal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A bridge in a JVM of its own, for the tests that kill it: it prints {@code ready} once built,
 * then polls until killed.
 *
 * <ul>
 *   <li>{@code journal-to-kafka BOOTSTRAP DIRECTORY TOPIC TRANSACTIONAL_ID}: a {@link JournalToKafka}
 *       committing every 50 records or 20 ms;</li>
 *   <li>{@code kafka-to-journal BOOTSTRAP DIRECTORY TOPIC}: a {@link KafkaToJournal}.</li>
 * </ul>
 */
public final class BridgeProcess {
    private BridgeProcess() {
    }

    public static void main(String[] args) {
        Map<String, Object> kafka = Map.of("bootstrap.servers", args[1]);
        Journal journal = Bridges.journal(Path.of(args[2]));
        switch (args[0]) {
            case "journal-to-kafka" -> {
                JournalToKafka bridge = JournalToKafka.builder(journal, args[3], args[4]).kafka(kafka)
                        .batch(50, Duration.ofMillis(20)).build();
                ready();
                while (true) {
                    bridge.poll(Duration.ofMillis(100));
                }
            }
            case "kafka-to-journal" -> {
                KafkaToJournal bridge = KafkaToJournal.builder(journal, args[3]).kafka(kafka).build();
                ready();
                while (true) {
                    bridge.poll(Duration.ofMillis(100));
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void ready() {
        System.out.println("ready");
        System.out.flush();
    }

    /** Starts this class in a JVM of its own with {@code args} and waits until it is ready; {@return the process} */
    static Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), BridgeProcess.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return e.toString();
            }
        });
        String first;
        try {
            first = line.get(Bridges.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            first = e.toString();
        }
        if (!"ready".equals(first)) {
            process.destroyForcibly();
            throw new IllegalStateException("the bridge process printed " + first + " rather than ready");
        }
        return process;
    }
}
