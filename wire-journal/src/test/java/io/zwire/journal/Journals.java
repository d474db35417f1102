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

    /** Appends {@code count} trades of writer 1, seq 0 to count - 1, with one appender; {@return count} */
    static int appendTrades(Journal journal, int count) {
        Trade trade = new Trade();
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < count; i++) {
                appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i)));
            }
        }
        return count;
    }

    /** {@return the positions of a cycle file's records, as {@link #records} walks them} */
    static List<Integer> recordPositions(Path cycle) throws IOException {
        List<Integer> positions = new ArrayList<>();
        for (int[] record : records(cycle)) {
            positions.add(record[0]);
        }
        return positions;
    }

    static void flipByte(Path file, int offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.flip().put(0, (byte) (one.get(0) ^ 0x5A));
            channel.write(one, offset);
        }
    }

    static void writeInt(Path file, int offset, int value) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value), offset);
        }
    }

    static int readInt(Path file, int offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer four = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(four, offset);
            return four.getInt(0);
        }
    }
}
