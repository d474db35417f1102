package io.zwire.journal.internal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CycleFiles#createEndedIfAbsent} and {@link CycleFiles#after(long)} over listings that are
 * not snapshots: a name linked during a
 * listing may be left out while one linked after it is returned, which made a tailer pass over a
 * cycle of records ({@code JournalRollingProcessesTest} shows it end to end).
 */
class CycleFilesTest {
    @Test
    void theNextNumberListedIsTakenFromOneListing() {
        Listings listings = new Listings(new long[] {3, 4, 5});
        assertEquals(4, CycleFiles.after(3, listings));
        assertTrue(listings.left().isEmpty());
    }

    @Test
    void aLaterCycleListedInPlaceOfTheNextNumberIsConfirmedByASecondListingThatMayFindTheNextNumber() {
        Listings listings = new Listings(new long[] {3, 5}, new long[] {3, 4, 5});
        assertEquals(4, CycleFiles.after(3, listings));
        assertTrue(listings.left().isEmpty());
    }

    @Test
    void aGapBothListingsShowIsPassed() {
        assertEquals(7, CycleFiles.after(3, new Listings(new long[] {3, 7}, new long[] {3, 7, 8})));
    }

    @Test
    void noCycleAboveIsMinusOne() {
        assertEquals(-1, CycleFiles.after(3, new Listings(new long[] {1, 2, 3})));
        assertEquals(-1, CycleFiles.after(0, new Listings(new long[0])));
    }

    /** The fill of a claimed number is skipped when, just before its link, it is not wanted any more. */
    @Test
    void anEndedCycleIsNotCreatedWhenItIsNoLongerWanted(@TempDir Path directory) throws Exception {
        CycleFiles files = new CycleFiles(directory);
        assertFalse(files.createEndedIfAbsent(5, 1, number -> false));
        assertFalse(Files.exists(files.path(5)));
        try (DirectoryStream<Path> left = Files.newDirectoryStream(directory)) {
            assertFalse(left.iterator().hasNext(), "a temporary file was left");
        }
        assertTrue(files.createEndedIfAbsent(5, 1, number -> true));
        assertEquals(JournalLayout.ENDED_CYCLE_SIZE, Files.size(files.path(5)));
    }

    /** Hands out the listings given, in order, and fails when asked for one more. */
    private static final class Listings implements Supplier<long[]> {
        private final Deque<long[]> listings;

        Listings(long[]... listings) {
            this.listings = new ArrayDeque<>(List.of(listings));
        }

        @Override
        public long[] get() {
            assertTrue(!listings.isEmpty(), "listed once more than expected");
            return listings.removeFirst();
        }

        Deque<long[]> left() {
            return listings;
        }
    }
}
