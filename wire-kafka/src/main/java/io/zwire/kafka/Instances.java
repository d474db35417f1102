package io.zwire.kafka;

/** What {@link ZwireDeserializer} reads each record into. */
public enum Instances {
    /** A new instance per record, from the type's registered factory: allocates, safe to keep. */
    NEW,
    /**
     * One instance per type and thread, reused for every record of that type the thread reads:
     * allocates nothing per record, and the instance returned is valid only until the same thread
     * deserializes the next record. For a deserializer the application calls as it processes each
     * record, never one Kafka calls for a whole poll (refused by configuration and by
     * {@link ZwireSerde}).
     */
    REUSED
}
