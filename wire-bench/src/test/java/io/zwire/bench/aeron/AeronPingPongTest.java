package io.zwire.bench.aeron;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Aeron rows of the latency benchmark, kept runnable: a few round trips over a real embedded driver. */
class AeronPingPongTest {
    @Test
    void ordersMakeRoundTripsOverIpcAndUdpOnEveryBenchmarkedWireAndAsSbe() throws Exception {
        MediaDriver.Context context = AeronLatency.driverContext(Path.of("target", "aeron-bench-" + ProcessHandle.current().pid()));
        try (MediaDriver driver = MediaDriver.launchEmbedded(context);
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()))) {
            for (OrderCodec codec : AeronLatency.codecs()) {
                Histogram ipc = AeronPingPong.run(aeron, "aeron:ipc", "aeron:ipc", codec, 200);
                assertEquals(200, ipc.getTotalCount(), codec.name());
                assertTrue(ipc.getMinValue() > 0);
            }
            Histogram udp = AeronPingPong.run(aeron, AeronLatency.udpChannel(), AeronLatency.udpChannel(),
                    new SbeOrders(), 200);
            assertEquals(200, udp.getTotalCount());
        }
    }
}
