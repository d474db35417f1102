package io.zwire;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A type's field list, recorded by running its {@link Marshallable#writeMarshallable} against a
 * recording wire: no annotations, no reflection. The schema is what the write method does, so
 * record it from a sample whose nested objects, enums and sequences are populated: a null records
 * its kind but not what is inside (a null object has no fields, a null enum no constants), and an
 * empty sequence records no element.
 *
 * <p>The {@link #fingerprint()} is a 64-bit FNV-1a hash of {@link #describe()}: equal on two peers
 * exactly when the field numbers, names, kinds, nesting, enum constants and aliases are equal,
 * which is what {@link WireType#RAW} needs.
 */
public final class Schema {
    private final List<FieldSchema> fields;
    private final String description;
    private final long fingerprint;

    Schema(List<FieldSchema> fields) {
        this.fields = List.copyOf(fields);
        StringBuilder text = new StringBuilder();
        for (FieldSchema field : this.fields) {
            field.describe(text, 0);
        }
        this.description = text.toString();
        this.fingerprint = fnv1a64(description.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Records the schema of {@code sample}'s type. Allocates.
     *
     * @throws IllegalStateException as {@link #of(Marshallable, TypeRegistry)} does
     */
    public static Schema of(Marshallable sample) {
        return of(sample, TypeRegistry.empty());
    }

    /**
     * Records the schema of {@code sample}'s type, resolving typed fields through {@code types}.
     * Allocates.
     *
     * @throws IllegalArgumentException if the sample writes a typed object not in {@code types}
     * @throws IllegalStateException if the sample's write method names a field and gives it no
     *         value (as every wire refuses to write), or writes a value with no field outside a
     *         sequence
     */
    public static Schema of(Marshallable sample, TypeRegistry types) {
        SchemaRecorder recorder = new SchemaRecorder();
        sample.writeMarshallable(new DocumentWriter(null, recorder, types));
        recorder.endDocument();
        return new Schema(recorder.fields());
    }

    /** The top-level fields in write order. */
    public List<FieldSchema> fields() {
        return fields;
    }

    /** A stable 64-bit hash of {@link #describe()}. */
    public long fingerprint() {
        return fingerprint;
    }

    /** The canonical text form: one line per field, nested fields indented. */
    public String describe() {
        return description;
    }

    private static long fnv1a64(byte[] data) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : data) {
            hash ^= b & 0xFF;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    @Override
    public String toString() {
        return "Schema[" + Long.toHexString(fingerprint) + "]\n" + description;
    }
}
