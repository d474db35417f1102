package io.zwire.bench.journal;

import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;

import static io.zwire.test.GarbageAssertions.THRESHOLD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The {@code --orders} run's peer on each wire: every Order read back whole and in order, and
 * appending and tailing allocate nothing per message once warm, as the harness's B/msg columns
 * then show for the long run.
 */
class ZwireOrderPeerTest {
    /** Room for every message of a test in one cycle: a roll allocates by design. */
    private static final int CYCLE_SIZE = 16 << 20;
    private static final int WARM_UP = 10_000;
    private static final int MEASURED = 10_000;

    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(WireType.class)
    void everyOrderReadsBackWholeAndNeitherSideAllocatesPerMessage(WireType wire) {
        ZwireOrderPeer peer = new ZwireOrderPeer(wire, CYCLE_SIZE);
        try (JournalPeer.Journal journal = peer.open(directory)) {
            JournalPeer.Appender appender = journal.appender();
            JournalPeer.Tailer tailer = journal.tailer();
            long[] sent = {0};
            double appendBytes = AllocationMeter.bytesPerOperation(() -> appender.append(sent[0], sent[0]++ * 3),
                    WARM_UP, MEASURED);
            ReadMessage message = new ReadMessage();
            long[] read = {0};
            double readBytes = AllocationMeter.bytesPerOperation(() -> {
                // Checked without building a message per read: the measurement counts this thread's every byte.
                if (!tailer.poll(message) || !message.isWhole(read[0]) || message.intendedNanos() != read[0] * 3) {
                    fail("message " + read[0] + " missing or not whole: " + message);
                }
                read[0]++;
            }, WARM_UP, MEASURED);
            assertEquals(WARM_UP + MEASURED, read[0]);
            assertTrue(!tailer.poll(message), "nothing more");
            assertTrue(appendBytes < THRESHOLD, wire + " append: " + appendBytes + " bytes per Order");
            assertTrue(readBytes < THRESHOLD, wire + " read: " + readBytes + " bytes per Order");
            assertTrue(peer.documentBytes() > 0);
        }
    }

    @Test
    void eachWireIsAPeerTheForkedWorkerFindsByName() {
        for (JournalPeer peer : ZwireOrderPeer.onEachWire()) {
            assertEquals(peer.name(), JournalPeers.named(peer.name()).name());
        }
        assertEquals("zwire-order-yaml-numbered", new ZwireOrderPeer(WireType.YAML_NUMBERED).name());
    }
}
