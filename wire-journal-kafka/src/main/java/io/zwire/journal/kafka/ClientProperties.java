package io.zwire.journal.kafka;

import org.apache.kafka.clients.consumer.ConsumerConfig;

import java.util.HashMap;
import java.util.Map;

/** The Kafka client properties a bridge builds: the caller's, with the settings its guarantee needs. */
final class ClientProperties {
    private ClientProperties() {
    }

    /**
     * {@code given} with each of {@code required} set. Allocates.
     *
     * @throws IllegalArgumentException if {@code given} sets one of {@code required} to another
     *         value, naming it: the bridge's guarantee rests on it
     */
    static Map<String, Object> with(Map<String, ?> given, Map<String, String> required) {
        Map<String, Object> merged = new HashMap<>(given);
        required.forEach((key, value) -> {
            Object chosen = given.get(key);
            if (chosen != null && !value.equalsIgnoreCase(String.valueOf(chosen))) {
                throw new IllegalArgumentException(key + " must be " + value + " for this bridge's exactly-once copy, not "
                        + chosen);
            }
            merged.put(key, value);
        });
        return merged;
    }

    /**
     * The properties of a consumer that reads only committed records and commits no offset by itself:
     * {@code given}'s consumer properties (the others, a producer's, dropped so the consumer does
     * not warn of them), with {@code isolation.level=read_committed} and
     * {@code enable.auto.commit=false}. Allocates.
     *
     * @throws IllegalArgumentException as {@link #with}
     */
    static Map<String, Object> committedReader(Map<String, ?> given) {
        Map<String, Object> properties = with(given, Map.of(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false"));
        properties.keySet().retainAll(ConsumerConfig.configNames());
        return properties;
    }
}
