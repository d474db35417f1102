package io.zwire.journal.kafka;

import io.zwire.Marshallable;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.kafka.Instances;
import io.zwire.kafka.ZwireDeserializer;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.nio.ByteBuffer;

/**
 * {@link KafkaToJournal}'s work per record: the record read into an instance reused per type and
 * appended with its partition and offset as its source. Allocates nothing per record once each
 * type has been seen (the deserializer's reused instance, the appender's zero-garbage append).
 * Not thread-safe.
 */
final class RecordAppender implements AutoCloseable {
    private final String topic;
    private final ZwireDeserializer<Marshallable> deserializer;
    private final JournalAppender appender;

    /** Opens an appender on {@code journal}, reading {@code topic}'s records with the journal's types. Allocates. */
    RecordAppender(Journal journal, String topic) {
        this.topic = topic;
        this.deserializer = new ZwireDeserializer<>(Marshallable.class, journal.config().options().types(),
                Instances.REUSED);
        this.appender = journal.appender();
    }

    /**
     * Appends {@code record}'s message, unless it is a tombstone.
     *
     * @return false for a null value, appended nowhere
     * @throws RuntimeException whatever the deserializer or the appender refuses the record with
     */
    boolean append(ConsumerRecord<?, ByteBuffer> record) {
        if (record.value() == null) {
            return false;
        }
        appender.append(deserializer.deserialize(topic, record.headers(), record.value()), record.partition(),
                record.offset());
        return true;
    }

    @Override
    public void close() {
        appender.close();
    }
}
