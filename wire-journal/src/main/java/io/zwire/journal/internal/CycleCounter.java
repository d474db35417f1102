package io.zwire.journal.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static io.zwire.journal.internal.JournalLayout.COUNTER_FILE;
import static io.zwire.journal.internal.JournalLayout.COUNTER_FILE_SIZE;
import static io.zwire.journal.internal.JournalLayout.COUNTER_MAGIC;
import static io.zwire.journal.internal.JournalLayout.COUNTER_MAGIC_OFFSET;
import static io.zwire.journal.internal.JournalLayout.HIGHEST_CLAIMED_OFFSET;

/**
 * The journal's cycle counter ({@link JournalLayout}): the highest cycle number any appender of
 * any process has claimed, which only grows. An appender creates a cycle only after its
 * compare-and-set raised the counter to that number, or fills a number claimed whose file never
 * came with a cycle that holds no record, so no two records share an index and a cycle retention
 * deleted is not created again with records in it. Mapped once per journal (16 bytes, no file
 * handle kept). Thread-safe; {@link #claim} and {@link #highestClaimed} allocate nothing.
 */
public final class CycleCounter {
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final MappedByteBuffer buffer;

    private CycleCounter(MappedByteBuffer buffer) {
        this.buffer = buffer;
    }

    /**
     * Maps the counter of the journal in {@code directory}, creating it first when it has none (a
     * new journal, or one an earlier version wrote): then it starts at {@code highestPresent}.
     * Allocates.
     *
     * @param directory      the journal's directory
     * @param highestPresent the highest cycle number present, or -1 for none
     * @return the counter
     * @throws IOException if the file cannot be created or mapped, or is not a cycle counter
     */
    public static CycleCounter open(Path directory, long highestPresent) throws IOException {
        Path file = directory.resolve(COUNTER_FILE);
        if (!Files.exists(file)) {
            Path temporary = directory.resolve(COUNTER_FILE + "." + ProcessHandle.current().pid() + "-"
                    + Thread.currentThread().getId() + ".tmp");
            try {
                ByteBuffer content = ByteBuffer.allocate(COUNTER_FILE_SIZE).order(ByteOrder.LITTLE_ENDIAN)
                        .putLong(COUNTER_MAGIC_OFFSET, COUNTER_MAGIC).putLong(HIGHEST_CLAIMED_OFFSET, highestPresent);
                try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    while (content.hasRemaining()) {
                        channel.write(content);
                    }
                }
                // Linked, not renamed: a counter another process created meanwhile stays as it is.
                Files.createLink(file, temporary);
            } catch (FileAlreadyExistsException anotherProcessCreatedIt) {
                // Its counter is the one.
                assert anotherProcessCreatedIt != null;
            } finally {
                Files.deleteIfExists(temporary);
            }
        }
        MappedByteBuffer buffer;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (channel.size() < COUNTER_FILE_SIZE) {
                throw new IOException(file + " is " + channel.size() + " bytes, not a journal's cycle counter ("
                        + COUNTER_FILE_SIZE + ")");
            }
            buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, COUNTER_FILE_SIZE);
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        if (buffer.getLong(COUNTER_MAGIC_OFFSET) != COUNTER_MAGIC) {
            throw new IOException(file + " is not a journal's cycle counter: wrong magic");
        }
        return new CycleCounter(buffer);
    }

    /** {@return the highest cycle number claimed, or -1 for none} Allocates nothing. */
    public long highestClaimed() {
        return (long) LONG.getVolatile(buffer, HIGHEST_CLAIMED_OFFSET);
    }

    /**
     * Claims cycle {@code number}: raises the counter to it, unless it is there or beyond already.
     * Allocates nothing; does not block (it retries only while other claims raise the counter
     * below {@code number}).
     *
     * @param number the cycle the caller is about to create
     * @return true when the caller may create the cycle, false when another appender claimed it
     *         (or a later one) first
     */
    public boolean claim(long number) {
        for (long highest = highestClaimed(); highest < number; highest = highestClaimed()) {
            if (LONG.compareAndSet(buffer, HIGHEST_CLAIMED_OFFSET, highest, number)) {
                return true;
            }
        }
        return false;
    }
}
