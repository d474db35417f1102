package io.zwire.journal;

import io.zwire.TypeRegistry;
import io.zwire.WireType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The journal tests' types, configurations and clean-up. */
final class Journals {
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Trade", Trade.class, Trade::new)
            .add("Heartbeat", Heartbeat.class, Heartbeat::new)
            .build();
    static final TypeRegistry TYPES_V2 = TypeRegistry.builder()
            .add("Trade", TradeV2.class, TradeV2::new)
            .add("Heartbeat", Heartbeat.class, Heartbeat::new)
            .build();

    private Journals() {
    }

    static JournalConfig.Builder config(WireType wire) {
        return JournalConfig.builder(wire, TYPES).cycleSize(1 << 20);
    }

    static long cycleFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cycle")).count();
        }
    }

    static Path onlyCycle(Path directory, int which) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cycle")).sorted().skip(which).findFirst()
                    .orElseThrow();
        }
    }

    static void delete(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.delete(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
