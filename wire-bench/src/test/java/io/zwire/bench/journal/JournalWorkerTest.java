package io.zwire.bench.journal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forked worker's contract with the harness on bad arguments: exit 2, say why, touch nothing. */
class JournalWorkerTest {
    @Test
    void aWorkerGivenAnUnknownPeerExitsWithStatusTwoBeforeOpeningAnything(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("journal");
        Path log = dir.resolve("worker.log");
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), JournalWorker.class.getName(),
                JournalWorker.THREADS, "no-such-peer", journal.toString(), "1000", "1", "1"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(!process.isAlive(), "the worker exits: " + output);
        assertEquals(2, process.exitValue(), output);
        assertTrue(output.contains("no journal peer 'no-such-peer'"), output);
        assertTrue(Files.notExists(journal), "nothing was created");
    }
}
