package io.zwire.bench.journal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The page-fault probe of {@code zwire journal-latency --page-faults}, on a small file. */
class PageFaultProbeTest {
    @Test
    void theProbeTimesEachWayPerPageAndLeavesNoFileBehind(@TempDir Path dir) throws IOException {
        PageFaultProbe.Result result = PageFaultProbe.measure(dir, 1 << 20);
        assertEquals(256, result.pages());
        assertTrue(result.firstTouchNanos() > 0, "first touch " + result.firstTouchNanos());
        assertTrue(result.loadNanos() > 0, "load " + result.loadNanos());
        assertTrue(result.afterLoadNanos() > 0, "after load " + result.afterLoadNanos());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "files left in " + dir);
        }
    }

    @Test
    void theProbeRefusesASizeThatIsNotWholePages(@TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> PageFaultProbe.measure(dir, PageFaultProbe.PAGE_SIZE + 1));
        assertThrows(IllegalArgumentException.class, () -> PageFaultProbe.measure(dir, 0));
    }

    @Test
    void theReportGivesTheThreeFiguresPerPage() {
        String md = JournalReport.pageFaults(new PageFaultProbe.Result(64 << 20, 13_012.4, 7_001, 45.2), "/dev/shm (memory)");
        assertTrue(md.startsWith("### Faulting in a mapped cycle's pages (64 MiB file, 16,384 pages of 4096 bytes,"
                + " /dev/shm (memory))"), md);
        assertTrue(md.contains("| 13,012 | 7,001 | 45 |"), md);
    }
}
