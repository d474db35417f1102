package io.zwire.aeron;

import io.zwire.Marshaller;
import io.zwire.Schema;
import io.zwire.TypeRegistry;

/** One message type as both sides see it: its id, its schema's fingerprint, how to make and read it. */
final class MessageType {
    final TypeRegistry.Entry entry;
    /** Its position in its {@link AeronMessageTypes}, so a publisher finds its per-type state without a search. */
    final int index;
    final long typeId;
    final long fingerprint;
    /** Why RAW would misread this type ({@link Schema#rawProblem()}), or null. */
    final String rawProblem;
    /** The marshaller of a type registered with one, or null for a {@code Marshallable}. */
    final Marshaller<Object> marshaller;

    @SuppressWarnings("unchecked")
    MessageType(TypeRegistry.Entry entry, TypeRegistry types, int index) {
        Schema schema = entry.schema(types);
        this.entry = entry;
        this.index = index;
        this.typeId = MessageHeader.typeId(entry.alias());
        this.fingerprint = schema.fingerprint();
        this.rawProblem = schema.rawProblem().orElse(null);
        this.marshaller = (Marshaller<Object>) entry.marshaller();
    }

    String alias() {
        return entry.alias();
    }
}
