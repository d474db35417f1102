package io.zwire.test.harness;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Deletes the folders the harness, the tests and the benchmarks make for a run. */
public final class FileTrees {
    private FileTrees() {
    }

    /**
     * Deletes {@code directory} and everything in it, if it exists; follows no symbolic link out
     * of it. Blocks on the file system; allocates.
     *
     * @param directory the folder to delete
     * @throws IOException at the first file or folder that cannot be deleted (the rest is left)
     */
    public static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        Files.walkFileTree(directory, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path folder, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(folder);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
