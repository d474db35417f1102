package io.zwire.bench.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What a memory-mapped cycle's pages cost to fault in, the two ways a journal can pay it: each
 * page on its first write (a record that lands on a fresh page waits for the fault), or all pages
 * at once with {@link MappedByteBuffer#load()} when the cycle is mapped (what zwire's journal
 * does). Each way maps its own fresh file, zero-filled through the channel first as zwire's
 * journal creates its cycles, so both see pages that are in the file but not yet in the process.
 * The figures are per {@value #PAGE_SIZE}-byte page, the page size of the Linux machines the
 * figures come from (the JDK has no supported way to ask for it).
 */
public final class PageFaultProbe {
    /** The page size the figures are per. */
    public static final int PAGE_SIZE = 4096;
    /** Zeros written to fill a file, a chunk at a time. */
    private static final int ZERO_CHUNK = 1 << 20;

    private PageFaultProbe() {
    }

    /**
     * What the probe measured on files of {@code fileSize} bytes.
     *
     * @param fileSize          bytes mapped by each way
     * @param firstTouchNanos   nanoseconds per page to write one byte into each page of a fresh mapping
     * @param loadNanos         nanoseconds per page for {@link MappedByteBuffer#load()} of a fresh mapping
     * @param afterLoadNanos    nanoseconds per page to write one byte into each page once loaded
     */
    public record Result(long fileSize, double firstTouchNanos, double loadNanos, double afterLoadNanos) {
        /** {@return the pages in each file} */
        public long pages() {
            return fileSize / PAGE_SIZE;
        }
    }

    /**
     * Measures in {@code directory}, creating and deleting two files of {@code fileSize} bytes.
     * Blocks for the file writes and faults (about a second for 64 MiB on a virtual machine);
     * allocates the mappings, which the garbage collector unmaps.
     *
     * @param directory an existing directory, on the file system the journals use
     * @param fileSize  bytes per file, a positive multiple of {@link #PAGE_SIZE} up to {@link Integer#MAX_VALUE}
     * @return the figures per page
     * @throws IOException if a file cannot be created, filled, mapped or deleted
     * @throws IllegalArgumentException if {@code fileSize} is not such a multiple
     */
    public static Result measure(Path directory, long fileSize) throws IOException {
        if (fileSize <= 0 || fileSize % PAGE_SIZE != 0 || fileSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the probe maps a positive multiple of " + PAGE_SIZE
                    + " bytes up to 2 GiB, got " + fileSize);
        }
        long pages = fileSize / PAGE_SIZE;
        MappedByteBuffer touched = mapFresh(directory.resolve("first-touch"), fileSize);
        long start = System.nanoTime();
        touchEveryPage(touched);
        double firstTouch = (System.nanoTime() - start) / (double) pages;

        MappedByteBuffer loaded = mapFresh(directory.resolve("load"), fileSize);
        start = System.nanoTime();
        loaded.load();
        double load = (System.nanoTime() - start) / (double) pages;
        start = System.nanoTime();
        touchEveryPage(loaded);
        double afterLoad = (System.nanoTime() - start) / (double) pages;
        return new Result(fileSize, firstTouch, load, afterLoad);
    }

    private static void touchEveryPage(MappedByteBuffer buffer) {
        for (int offset = 0; offset < buffer.capacity(); offset += PAGE_SIZE) {
            buffer.put(offset, (byte) 1);
        }
    }

    /** Creates {@code file} zero-filled, maps it and deletes its name (the mapping keeps its pages until unmapped). */
    private static MappedByteBuffer mapFresh(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ByteBuffer zeros = ByteBuffer.allocate(ZERO_CHUNK);
            for (long written = 0; written < size; ) {
                zeros.clear().limit((int) Math.min(ZERO_CHUNK, size - written));
                written += channel.write(zeros, written);
            }
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
