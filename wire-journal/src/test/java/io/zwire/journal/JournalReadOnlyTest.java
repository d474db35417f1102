package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A journal opened read-only, as the command line's dump, tail and stats open it: it changes no
 * byte of the journal and creates no file, and its tailers wait at a stale claim instead of
 * marking it abandoned (issue 34: inspecting a journal wrote into it).
 */
class JournalReadOnlyTest {
    private static final Duration CLAIM_TIMEOUT = Duration.ofMillis(50);

    @TempDir
    Path directory;

    @Test
    void aReadOnlyJournalCreatesNothingAndItsTailerWaitsAtAStaleClaimWithoutWriting() throws IOException {
        Journals.appendTrades(Journal.open(directory, Journals.config(WireType.BINARY).build()), 3);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int end = positions.get(2) + (positions.get(2) - positions.get(1));
        // What a writer killed between claim and publish leaves; and no cycle counter, as an
        // earlier version's journal has, which a read-write open creates.
        Journals.writeInt(cycle0, end, JournalLayout.NOT_COMPLETE | 40);
        Files.delete(directory.resolve(JournalLayout.COUNTER_FILE));
        Map<String, byte[]> before = files(directory);
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).claimTimeout(CLAIM_TIMEOUT)
                .readOnly().build());
        try (journal; JournalTailer tailer = journal.tailer()) {
            for (int seq = 0; seq < 3; seq++) {
                assertEquals(new Trade(1, seq, "EURUSD", Trade.priceOf(seq)), tailer.read());
            }
            assertEquals(JournalTailer.Stop.CLAIM, tailer.checkStop(), "a claim, not yet waited on");
            assertFalse(tailer.awaitRecord(WaitStrategy.PARK, 6 * CLAIM_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS),
                    "a read-only tailer waits at the claim");
            assertEquals(JournalTailer.Stop.STALE_CLAIM, tailer.checkStop());
            IllegalStateException refused = assertThrows(IllegalStateException.class, journal::appender);
            assertTrue(refused.getMessage().contains("read-only"), refused.getMessage());
        }
        Map<String, byte[]> after = files(directory);
        assertEquals(before.keySet(), after.keySet(), "no file created or deleted");
        for (Map.Entry<String, byte[]> file : before.entrySet()) {
            assertArrayEquals(file.getValue(), after.get(file.getKey()), file.getKey() + " changed");
        }
    }

    @Test
    void openingADirectoryWithoutAJournalReadOnlyIsRefusedAndCreatesNothing() {
        Path absent = directory.resolve("absent");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Journal.open(absent,
                Journals.config(WireType.BINARY).readOnly().build()));
        assertTrue(e.getCause() instanceof NoSuchFileException && e.getMessage().contains(absent.toString()), e.toString());
        assertFalse(Files.exists(absent));
    }

    /** {@return every file of {@code directory} by name, with its bytes} */
    static Map<String, byte[]> files(Path directory) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> listed = Files.list(directory)) {
            for (Path file : (Iterable<Path>) listed::iterator) {
                files.put(file.getFileName().toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
