package io.zwire.test.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deleting a run's folder: everything below it, and nothing outside it through a link. */
class FileTreesTest {
    @Test
    void aFolderGoesWithEverythingInItButNotWhatALinkInItPointsAt(@TempDir Path dir) throws IOException {
        Path kept = Files.writeString(dir.resolve("kept"), "outside");
        Path run = Files.createDirectories(dir.resolve("run/nested/deeper"));
        Files.writeString(run.resolve("file"), "inside");
        Files.createSymbolicLink(dir.resolve("run/link"), kept);
        FileTrees.delete(dir.resolve("run"));
        assertFalse(Files.exists(dir.resolve("run")));
        assertTrue(Files.exists(kept), "the link's target stays");
    }

    @Test
    void aFolderThatIsNotThereIsNothingToDo(@TempDir Path dir) throws IOException {
        FileTrees.delete(dir.resolve("absent"));
        assertFalse(Files.exists(dir.resolve("absent")));
    }
}
