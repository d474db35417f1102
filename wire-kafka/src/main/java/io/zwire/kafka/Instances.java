package io.zwire.kafka;

/** What {@link ZwireDeserializer} reads each record into. */
public enum Instances {
    /** A new instance per record, from the type's registered factory: allocates, safe to keep. */
    NEW,
    /**
     * One instance per type, reused for every record of that type: allocates nothing per record,
     * and the instance returned is valid only until the next record is deserialized.
     */
    REUSED
}
