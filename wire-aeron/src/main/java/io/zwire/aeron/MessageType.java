package io.zwire.aeron;

import io.zwire.Marshaller;
import io.zwire.Schema;
import io.zwire.TypeRegistry;

/** One message type as both sides see it: its id, its schema's fingerprint, how to make and read it. */
final class MessageType {
    final TypeRegistry.Entry entry;
    final int typeId;
    final long fingerprint;
    /** Why RAW would misread this type ({@link Schema#rawProblem()}), or null. */
    final String rawProblem;
    /** The marshaller of a type registered with one, or null for a {@code Marshallable}. */
    final Marshaller<Object> marshaller;

    @SuppressWarnings("unchecked")
    MessageType(TypeRegistry.Entry entry, TypeRegistry types) {
        Schema schema = entry.schema(types);
        this.entry = entry;
        this.typeId = MessageHeader.typeId(entry.alias());
        this.fingerprint = schema.fingerprint();
        this.rawProblem = schema.rawProblem().orElse(null);
        this.marshaller = (Marshaller<Object>) entry.marshaller();
    }

    String alias() {
        return entry.alias();
    }
}
