package io.zwire.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import static io.zwire.journal.internal.JournalLayout.CYCLE_NAME_DIGITS;
import static io.zwire.journal.internal.JournalLayout.CYCLE_SUFFIX;
import static io.zwire.journal.internal.JournalLayout.INDEX_OFFSET;

/**
 * The cycle files of one journal directory: their names, which exist, creating one (every block
 * written before it is mapped, so a full disk fails here with an {@link IOException} and never
 * later as a crash), and retention. Several processes may create the same cycle at once: each
 * writes a temporary file and links it into place, and the one link that wins is the cycle.
 * Everything here allocates; it runs once per cycle, never per record. Thread-safe.
 */
public final class CycleFiles {
    /** Zeros written to allocate a new file's blocks, a chunk at a time. */
    private static final int ZERO_CHUNK = 1 << 20;

    private final Path directory;

    /**
     * The cycle files in {@code directory}.
     *
     * @param directory the journal's directory
     */
    public CycleFiles(Path directory) {
        this.directory = directory;
    }

    /** {@return the path of cycle {@code number}} */
    public Path path(long number) {
        return directory.resolve(String.format("%0" + CYCLE_NAME_DIGITS + "d%s", number, CYCLE_SUFFIX));
    }

    /**
     * The numbers of the cycles present, ascending.
     *
     * @return the numbers, possibly none
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public long[] numbers() {
        long[] numbers = new long[16];
        int count = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + CYCLE_SUFFIX)) {
            for (Path file : files) {
                long number = numberOf(file.getFileName().toString());
                if (number >= 0) {
                    if (count == numbers.length) {
                        numbers = Arrays.copyOf(numbers, count * 2);
                    }
                    numbers[count++] = number;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the journal's cycles in " + directory, e);
        }
        long[] found = Arrays.copyOf(numbers, count);
        Arrays.sort(found);
        return found;
    }

    private static long numberOf(String name) {
        if (name.length() != CYCLE_NAME_DIGITS + CYCLE_SUFFIX.length() || !name.endsWith(CYCLE_SUFFIX)) {
            return -1;
        }
        long number = 0;
        for (int i = 0; i < CYCLE_NAME_DIGITS; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            number = number * 10 + (c - '0');
        }
        return number;
    }

    /** {@return the highest cycle number present, or -1 for none} */
    public long latest() {
        long[] numbers = numbers();
        return numbers.length == 0 ? -1 : numbers[numbers.length - 1];
    }

    /** {@return the lowest cycle number present, or -1 for none} */
    public long earliest() {
        long[] numbers = numbers();
        return numbers.length == 0 ? -1 : numbers[0];
    }

    /** {@return the lowest cycle number present above {@code number}, or -1 for none} */
    public long after(long number) {
        for (long found : numbers()) {
            if (found > number) {
                return found;
            }
        }
        return -1;
    }

    /**
     * Maps cycle {@code number}, or returns null when its file does not exist.
     *
     * @throws IOException if the file exists but cannot be mapped or is not a cycle
     */
    public CycleFile mapIfPresent(long number) throws IOException {
        try {
            return CycleFile.map(path(number), number);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * Maps cycle {@code number}, creating it first when no process has ({@link #createIfAbsent}).
     *
     * @param number         the cycle number
     * @param size           the file's length (for a new cycle)
     * @param indexSpacing   records between index slots (for a new cycle)
     * @param rollPeriodMillis how long a new cycle takes appends, or 0 for no limit
     * @return the mapped cycle
     * @throws IOException as {@link #createIfAbsent}, or if the cycle cannot be mapped
     */
    public CycleFile createOrMap(long number, int size, int indexSpacing, long rollPeriodMillis) throws IOException {
        CycleFile existing = mapIfPresent(number);
        if (existing != null) {
            return existing;
        }
        createIfAbsent(number, size, indexSpacing, rollPeriodMillis);
        return CycleFile.map(path(number), number);
    }

    /**
     * Creates cycle {@code number} unless its file exists: a temporary file of {@code size} bytes,
     * every block written, its header set, then linked to the cycle's name.
     *
     * @param number         the cycle number
     * @param size           the file's length
     * @param indexSpacing   records between index slots
     * @param rollPeriodMillis how long the cycle takes appends, or 0 for no limit
     * @throws IOException if the file cannot be created or its blocks cannot be allocated (a full
     *                     disk); a partly written temporary file is deleted
     */
    public void createIfAbsent(long number, int size, int indexSpacing, long rollPeriodMillis) throws IOException {
        Path target = path(number);
        if (Files.exists(target)) {
            return;
        }
        Path temporary = directory.resolve(target.getFileName() + "." + ProcessHandle.current().pid()
                + "-" + Thread.currentThread().getId() + ".tmp");
        try {
            writeNewCycle(temporary, number, size, indexSpacing, rollPeriodMillis);
            try {
                // A hard link fails when the name exists, where a rename would replace a cycle
                // another process created (and perhaps appended to) meanwhile.
                Files.createLink(target, temporary);
            } catch (FileAlreadyExistsException lostTheRace) {
                // Another process's cycle is the one: use it.
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void writeNewCycle(Path file, long number, int size, int indexSpacing, long rollPeriodMillis)
            throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(Math.min(ZERO_CHUNK, size)).order(ByteOrder.LITTLE_ENDIAN);
        long now = System.currentTimeMillis();
        CycleFile.writeHeader(chunk, number, size, indexSpacing, now,
                rollPeriodMillis > 0 ? now + rollPeriodMillis : Long.MAX_VALUE);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long written = 0;
            while (written < size) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), size - written));
                while (chunk.hasRemaining()) {
                    written += channel.write(chunk, written);
                }
                if (written == chunk.capacity()) {
                    chunk.put(0, new byte[INDEX_OFFSET]);
                }
            }
            // No force(): the file systems Linux maps (ext4, xfs, tmpfs) reserve a block when
            // write() dirties it, so a full disk fails the write above; forcing a 64 MiB cycle to
            // the device would stall the appender that rolls for milliseconds.
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw new IOException("cannot create journal cycle " + number + " of " + size + " bytes in "
                    + file.getParent() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes every cycle below {@code keepFrom}. A process that still maps a deleted cycle reads it
     * on (the file system keeps its blocks until the mapping goes).
     *
     * @param keepFrom the lowest cycle number kept
     * @return the number of cycles deleted
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public int deleteBelow(long keepFrom) {
        int deleted = 0;
        for (long number : numbers()) {
            if (number < keepFrom) {
                try {
                    if (Files.deleteIfExists(path(number))) {
                        deleted++;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete journal cycle " + path(number), e);
                }
            }
        }
        return deleted;
    }
}
