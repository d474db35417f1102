/**
 * Bridges between a zwire journal and a Kafka topic, each record copied once across restarts of
 * the bridge, a crash included. {@link io.zwire.journal.kafka.JournalToKafka} tails a journal into
 * a topic through a transactional producer, with the record headers
 * {@link io.zwire.kafka.ZwireSerializer} writes and the record's journal index
 * ({@link io.zwire.journal.kafka.JournalIndexHeader}), and resumes after the highest index the topic
 * holds committed. {@link io.zwire.journal.kafka.KafkaToJournal} consumes a topic's committed
 * records and appends each to a journal with its partition and offset as the record's source
 * position, and resumes after the last position the journal holds. Both are driven by their
 * caller's {@code poll} and start no thread.
 */
package io.zwire.journal.kafka;
