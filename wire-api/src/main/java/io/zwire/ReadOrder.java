package io.zwire;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Whether a type reads its fields in the order, and as the kinds, it writes them: what a wire
 * that reads by position ({@link WireType#RAW}) needs, since it cannot find a field by key. The
 * comparison is made per object, on what both sides recorded: a field that was null when written
 * has no nested fields or constants to compare, and a nested object is compared when the read
 * side goes into it (with that object's own write side).
 *
 * <p>Also the per-class verdict for {@link Wire#readDocument}: recorded once per class, on the
 * first read of a positional wire, then a lookup that allocates nothing.
 */
final class ReadOrder {
    private static final ClassValue<Verdict> VERDICTS = new ClassValue<>() {
        @Override
        protected Verdict computeValue(Class<?> type) {
            return new Verdict();
        }
    };

    /** A class's result, filled in by the first read that needs it; a race only repeats the recording. */
    private static final class Verdict {
        volatile String problem;
        volatile boolean known;
    }

    private ReadOrder() {
    }

    /**
     * The first difference between what {@code type} writes ({@code writes}) and reads
     * ({@code reads}) at one object level, in words, or null. A type that writes nothing is
     * read-only and has nothing to compare.
     */
    static String problem(Class<?> type, List<FieldSchema> writes, List<FieldSchema> reads) {
        if (writes.isEmpty()) {
            return null;
        }
        String name = type.getSimpleName();
        for (int i = 0; i < reads.size(); i++) {
            FieldSchema read = reads.get(i);
            if (read.kind() == FieldKind.NULL) {
                return name + " skips " + label(read) + " or leaves it unread: RAW cannot skip a value, since it does"
                        + " not know its length";
            }
            if (i == writes.size()) {
                return name + " reads " + label(read) + " after the last field it writes ("
                        + label(writes.get(i - 1)) + "): RAW would read past the fields written";
            }
            FieldSchema written = writes.get(i);
            if (read.number() != written.number() || !read.name().equals(written.name())) {
                return name + " reads " + label(read) + " where it writes " + label(written) + " first: RAW would put "
                        + written.name() + "'s value into " + read.name();
            }
            String kinds = kinds(label(read), written, read);
            if (kinds != null) {
                return name + " reads " + kinds + ": RAW would read the bytes of one as the other";
            }
        }
        if (writes.size() > reads.size()) {
            return name + " writes " + label(writes.get(reads.size())) + " but does not read it: RAW would leave"
                    + " its bytes to the next field read";
        }
        return null;
    }

    /** How the kinds of one value differ, as "what as X where it writes Y", or null where they agree. */
    private static String kinds(String what, FieldSchema written, FieldSchema read) {
        if (written.kind() == FieldKind.NULL) {
            return null;
        }
        if (written.kind() != read.kind()) {
            return what + " as " + read.kind() + " where it writes " + written.kind();
        }
        if (read.kind() == FieldKind.ENUM && !written.constants().isEmpty() && !read.constants().isEmpty()
                && !written.constants().equals(read.constants())) {
            return what + " as one of " + read.constants() + " where it writes one of " + written.constants()
                    + " (by ordinal)";
        }
        if (read.kind() == FieldKind.MAP && written.key() != null && read.key() != null
                && written.key().kind() != read.key().kind()) {
            return "a key of " + what + " as " + read.key().kind() + " where it writes " + written.key().kind();
        }
        if ((read.kind() == FieldKind.SEQUENCE || read.kind() == FieldKind.MAP)
                && written.element() != null && read.element() != null) {
            return kinds((read.kind() == FieldKind.MAP ? "a value of " : "an element of ") + what,
                    written.element(), read.element());
        }
        return null;
    }

    private static String label(FieldSchema field) {
        return field.name() + " (" + field.number() + ")";
    }

    /**
     * Throws if {@code target}'s class reads in another order or as other kinds than it writes;
     * called by a positional wire before it reads a class it has not seen. The first call for a
     * class records its schema (on a new instance from {@code types}' factory when the class is
     * registered there, otherwise on {@code target}, which the read is about to overwrite), which
     * allocates; later calls allocate nothing. A type whose methods throw while recorded cannot be
     * checked this way and is let through unchecked, for good: checking again per read would
     * allocate on every document. The document's length check still applies to it.
     *
     * @throws IllegalStateException naming the first field read out of order or as another kind
     */
    static void requireOnFirstRead(Marshallable target, WireType wire, TypeRegistry types) {
        Verdict verdict = VERDICTS.get(target.getClass());
        if (!verdict.known) {
            verdict.problem = record(target, wire, types);
            verdict.known = true;
        }
        String problem = verdict.problem;
        if (problem != null) {
            throw refusal(target.getClass(), wire, problem);
        }
    }

    /** Marshallers' verdicts, by identity; weak, so a marshaller made and dropped is not kept. */
    private static final Map<Marshaller<?>, String> FOREIGN_VERDICTS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final String NO_PROBLEM = "";

    /**
     * As {@link #requireOnFirstRead(Marshallable, WireType, TypeRegistry)} for a type read through
     * {@code marshaller}: recorded once per marshaller, on an object the marshaller makes.
     */
    static void requireOnFirstRead(Marshaller<?> marshaller, WireType wire, TypeRegistry types) {
        String problem = FOREIGN_VERDICTS.get(marshaller);
        if (problem == null) {
            try {
                problem = Schema.recordForeign(new ForeignObject<>(marshaller, null), wire, types).rawProblem()
                        .orElse(NO_PROBLEM);
            } catch (RuntimeException e) {
                problem = NO_PROBLEM;
            }
            FOREIGN_VERDICTS.put(marshaller, problem);
        }
        if (!problem.isEmpty()) {
            throw refusal(marshaller.type(), wire, problem);
        }
    }

    private static IllegalStateException refusal(Class<?> type, WireType wire, String problem) {
        return new IllegalStateException(wire + " refuses to read " + type.getName() + ": " + problem
                + ". " + wire + " reads fields by position, so the read method must read every field"
                + " the write method writes, in the same order and as the same kind");
    }

    private static String record(Marshallable target, WireType wire, TypeRegistry types) {
        try {
            TypeRegistry.Entry entry = types.byType(target.getClass());
            Schema schema = entry != null ? Schema.record(target, entry.create(), true, wire, types)
                    : Schema.record(target, target, false, wire, types);
            return schema.rawProblem().orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
