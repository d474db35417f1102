/**
 * Bridges between a zwire journal and a Kafka topic ({@code io.zwire.journal.kafka}): a journal
 * tailed into a topic by a transactional producer, and a topic appended to a journal with each
 * record's source position, each record copied exactly once across restarts of the bridge. Needs
 * {@code io.zwire.journal}, {@code io.zwire.kafka} and kafka-clients only.
 */
// kafka-clients has no module descriptor: it is the automatic module kafka.clients, named after its jar.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.zwire.journal.kafka {
    requires transitive io.zwire.journal;
    requires transitive io.zwire.kafka;
    requires transitive kafka.clients;

    exports io.zwire.journal.kafka;
}
