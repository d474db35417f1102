package io.zwire;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Two fields of one object with the same number and different names, or the same name and
 * different numbers: a copy-paste slip that every writer accepts, that NUMBERED reads back into
 * the wrong field and that protoc refuses in the .proto {@code zwire schema} writes. Refused where
 * a type is first seen: by {@link Schema}'s factories, and by a {@link Wire} on the first
 * document of each class (or marshaller) it writes or reads, from the write side recorded once
 * per class; later documents of the class cost one compare. A field written twice (the same
 * number and name) is no clash: it is a repeated field, which readers treat as
 * {@link RepeatedFields} says.
 */
final class FieldClashes {
    private static final ClassValue<Verdict> VERDICTS = new ClassValue<>() {
        @Override
        protected Verdict computeValue(Class<?> type) {
            return new Verdict();
        }
    };
    /** Marshallers' verdicts, by identity; weak, so a marshaller made and dropped is not kept. */
    private static final Map<Marshaller<?>, String> FOREIGN_VERDICTS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final String NONE = "";

    /** A class's result, filled in by the first document that needs it; a race only repeats the recording. */
    private static final class Verdict {
        volatile String clash;
        volatile boolean known;
    }

    private FieldClashes() {
    }

    /**
     * Throws if either side of {@code schema} has a clash.
     *
     * @throws IllegalStateException naming both fields
     */
    static Schema requireNone(Schema schema) {
        String clash = find(schema.type().getSimpleName(), schema.fields());
        if (clash == null) {
            clash = find(schema.type().getSimpleName(), schema.readFields());
        }
        if (clash != null) {
            throw refusal(clash);
        }
        return schema;
    }

    /**
     * Throws if what {@code document}'s class writes has a clash. The first call for a class
     * records what {@code document} writes, which allocates; later calls allocate nothing. A class
     * whose write method throws while recorded is let through unchecked, for good: its documents
     * fail as they are written, or were written by another's.
     *
     * @throws IllegalStateException naming both fields
     */
    static void requireNoneOnFirstUse(Marshallable document, WireType wire, TypeRegistry types) {
        Verdict verdict = VERDICTS.get(document.getClass());
        if (!verdict.known) {
            String clash;
            try {
                clash = find(document.getClass().getSimpleName(),
                        SchemaRecorder.record(document, wire, types, new LambdaCaptures("writeMarshallable")));
            } catch (RuntimeException unrecordable) {
                clash = null;
            }
            verdict.clash = clash;
            verdict.known = true;
        }
        String clash = verdict.clash;
        if (clash != null) {
            throw refusal(clash);
        }
    }

    /**
     * As {@link #requireNoneOnFirstUse(Marshallable, WireType, TypeRegistry)} for a type written or
     * read through {@code marshaller}: both sides recorded once per marshaller, on an object the
     * marshaller makes.
     */
    static void requireNoneOnFirstUse(Marshaller<?> marshaller, WireType wire, TypeRegistry types) {
        String clash = FOREIGN_VERDICTS.get(marshaller);
        if (clash == null) {
            try {
                Schema schema = Schema.recordForeign(new ForeignObject<>(marshaller, null), wire, types);
                String name = marshaller.type().getSimpleName();
                clash = find(name, schema.fields());
                clash = clash != null ? clash : find(name, schema.readFields());
            } catch (RuntimeException unrecordable) {
                clash = null;
            }
            clash = clash == null ? NONE : clash;
            FOREIGN_VERDICTS.put(marshaller, clash);
        }
        if (!clash.isEmpty()) {
            throw refusal(clash);
        }
    }

    private static IllegalStateException refusal(String clash) {
        return new IllegalStateException(clash + ": each field of an object needs a number and a name of its own"
                + " (NUMBERED would read one's value into the other, and protoc refuses such a .proto)");
    }

    /**
     * The first clash among {@code fields} or the objects, elements and map values inside them,
     * in words, or null.
     *
     * @param where the object's name, for the words
     */
    private static String find(String where, List<FieldSchema> fields) {
        Map<Integer, FieldSchema> byNumber = new HashMap<>();
        Map<String, FieldSchema> byName = new HashMap<>();
        for (FieldSchema field : fields) {
            FieldSchema sameNumber = byNumber.putIfAbsent(field.number(), field);
            if (sameNumber != null && !sameNumber.name().equals(field.name())) {
                return where + " has two fields numbered " + field.number() + ": " + label(sameNumber) + " and " + label(field);
            }
            FieldSchema sameName = byName.putIfAbsent(field.name(), field);
            if (sameName != null && sameName.number() != field.number()) {
                return where + " has two fields named " + field.name() + ": " + label(sameName) + " and " + label(field);
            }
        }
        for (FieldSchema field : fields) {
            String inside = inside(where + "." + field.name(), field);
            if (inside != null) {
                return inside;
            }
        }
        return null;
    }

    /** The first clash inside {@code field}'s object, element or map value, or null. */
    private static String inside(String where, FieldSchema field) {
        String clash = find(where, field.fields());
        if (clash == null && field.element() != null) {
            clash = inside(where + "[]", field.element());
        }
        return clash;
    }

    private static String label(FieldSchema field) {
        return field.number() + ":" + field.name();
    }
}
