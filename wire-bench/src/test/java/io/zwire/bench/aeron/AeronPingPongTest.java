package io.zwire.bench.aeron;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.zwire.WireType;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Aeron rows of the latency benchmark, kept runnable: a few round trips over a real embedded driver. */
class AeronPingPongTest {
    @Test
    void ordersMakeRoundTripsOverIpcAndUdpOnEveryBenchmarkedWire() throws Exception {
        MediaDriver.Context context = AeronLatency.driverContext(Path.of("target", "aeron-bench-" + ProcessHandle.current().pid()));
        try (MediaDriver driver = MediaDriver.launchEmbedded(context);
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()))) {
            for (WireType wire : AeronLatency.WIRES) {
                Histogram ipc = AeronPingPong.run(aeron, "aeron:ipc", "aeron:ipc", wire, 200);
                assertEquals(200, ipc.getTotalCount());
                assertTrue(ipc.getMinValue() > 0);
            }
            Histogram udp = AeronPingPong.run(aeron, AeronLatency.udpChannel(), AeronLatency.udpChannel(), WireType.RAW, 200);
            assertEquals(200, udp.getTotalCount());
        }
    }
}
