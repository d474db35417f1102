package io.zwire.journal;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.test.harness.FileTrees;

import io.zwire.journal.internal.JournalLayout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        try {
            FileTrees.delete(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The records of a cycle file, walked from its data start as the layout says up to the first
     * free header or the padding: each as {position, header}.
     */
    static List<int[]> records(Path cycle) throws IOException {
        try (FileChannel channel = FileChannel.open(cycle, StandardOpenOption.READ)) {
            ByteBuffer file = ByteBuffer.allocate((int) channel.size()).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(file, 0);
            int position = JournalLayout.dataStart(file.getInt(JournalLayout.INDEX_SLOTS_OFFSET));
            List<int[]> records = new ArrayList<>();
            while (position + JournalLayout.HEADER_SIZE <= file.capacity()) {
                int header = file.getInt(position);
                if (header == 0 || (header & JournalLayout.PADDING) != 0) {
                    break;
                }
                records.add(new int[] {position, header});
                position += JournalLayout.recordSize(header & JournalLayout.LENGTH_MASK);
            }
            return records;
        }
    }
}
