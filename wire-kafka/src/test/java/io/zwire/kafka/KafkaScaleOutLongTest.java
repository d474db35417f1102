package io.zwire.kafka;

import io.zwire.kafka.testkit.KraftBroker;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;

/**
 * The scale-out run at full size: 100,000 records across every wire and both schema versions,
 * six partitions, a consumer group that gains a member and loses one mid-run. Tagged
 * {@code long}: the default build runs the 3,000-record version in {@link KafkaTransportTest};
 * {@code -Plong} runs this one.
 */
@Tag("long")
class KafkaScaleOutLongTest {
    @RegisterExtension
    static final KraftBroker BROKER = new KraftBroker();

    @Test
    void aHundredThousandRecordsOverSixPartitionsReachARebalancedGroupExactlyOnce() throws Exception {
        new ScaleOutRun(BROKER, "scale-out-long", 100_000).runAndAssert(6, Duration.ofMinutes(5));
    }
}
