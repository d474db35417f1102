package io.zwire.session;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CloseTallyTest {
    private static long seconds(double s) {
        return (long) (s * TimeUnit.SECONDS.toNanos(1));
    }

    @Test
    void aFloodOfClosesIsOneLineAtOnceThenOneSummingLinePerReasonPerTenSeconds() {
        LoopbackPeers.Lines log = new LoopbackPeers.Lines();
        CloseTally tally = new CloseTally(log, "zwire server on port 1");
        for (int i = 0; i < 1_000; i++) {
            tally.closed(CloseReason.SERVER_FULL, "full " + i, seconds(i / 1000.0));
        }
        tally.closed(CloseReason.SHED, "shed", seconds(0.5));
        tally.flush(seconds(9));
        assertEquals(List.of(
                "zwire server on port 1 closed 1 peer for SERVER_FULL (1 in all); the latest: full 0",
                "zwire server on port 1 closed 1 peer for SHED (1 in all); the latest: shed"), log.lines);
        tally.flush(seconds(10));
        tally.flush(seconds(10.1));
        tally.flush(seconds(25));
        assertEquals("zwire server on port 1 closed 999 peers for SERVER_FULL in the last 10 s (1000 in all); the latest:"
                + " full 999", log.lines.get(2));
        assertEquals(3, log.lines.size(), "nothing new to sum up: " + log.lines);
        tally.closed(CloseReason.SERVER_FULL, "again", seconds(30));
        assertEquals("zwire server on port 1 closed 1 peer for SERVER_FULL in the last 20 s (1001 in all); the latest: again",
                log.lines.get(3));
        assertEquals(1001, tally.count(CloseReason.SERVER_FULL));
        assertEquals(1, tally.count(CloseReason.SHED));
        assertEquals(0, tally.count(CloseReason.MEMORY));
    }
}
