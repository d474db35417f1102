package io.zwire.bench.journal;

import io.zwire.test.harness.FileTrees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the harness's journals live: under {@code /dev/shm} (memory, as the published figures
 * are) when the machine has it with 2 GiB free, otherwise under the temporary directory, which the
 * report says.
 * Each run gets a fresh directory, deleted with everything in it when the run ends.
 */
public final class JournalFiles implements AutoCloseable {
    private static final Path SHARED_MEMORY = Path.of("/dev/shm");
    /** The free space /dev/shm must have to hold a run's journals; otherwise the temporary directory is used. */
    private static final long MIN_SHARED_MEMORY_BYTES = 2L << 30;
    private final Path root;
    private final boolean inSharedMemory;

    private JournalFiles(Path root, boolean inSharedMemory) {
        this.root = root;
        this.inSharedMemory = inSharedMemory;
    }

    /**
     * Creates a fresh directory for a run. Allocates.
     *
     * @throws IOException if it cannot be created
     */
    public static JournalFiles create() throws IOException {
        // A container's /dev/shm is often 64 MiB: too small for one cycle of zwire's peer.
        boolean shm = Files.isDirectory(SHARED_MEMORY) && Files.isWritable(SHARED_MEMORY)
                && Files.getFileStore(SHARED_MEMORY).getUsableSpace() >= MIN_SHARED_MEMORY_BYTES;
        Path root = shm ? Files.createTempDirectory(SHARED_MEMORY, "zwire-journal-bench-")
                : Files.createTempDirectory("zwire-journal-bench-");
        return new JournalFiles(root, shm);
    }

    /**
     * {@return a new, empty directory for one journal under the run's directory}
     *
     * @throws IOException if it cannot be created
     */
    public Path newJournalDirectory(String name) throws IOException {
        return Files.createDirectory(root.resolve(name));
    }

    /** {@return the run's directory} */
    public Path root() {
        return root;
    }

    /** {@return where the files are, for the report: {@code /dev/shm (memory)} or the temporary directory} */
    public String describe() {
        return inSharedMemory ? SHARED_MEMORY + " (memory)"
                : root.getParent() + " (a temporary directory: this machine has no /dev/shm with 2 GiB free, so the disk may show)";
    }

    /** Deletes the run's directory and everything in it. */
    @Override
    public void close() throws IOException {
        FileTrees.delete(root);
    }
}
