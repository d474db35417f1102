package io.zwire;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The way from a document's type down to the value being read, for the message of a
 * {@link WireException}: {@code Order.party.name}, {@code Book.levels[3].price},
 * {@code Limits.bySymbol["EURUSD"]}.
 *
 * <p>{@link DocumentReader} keeps the innermost level in fields of its own and saves it here when
 * a value opens a level above: an object, a sequence or a map. A field is kept by its number, an
 * int: a reference stored per field read costs a garbage collector's write barrier, which on the
 * RAW wire made a 14-int round trip half as slow again. Names are found only by {@link #describe},
 * on the error path, in what the document's target and its detached objects write (or their
 * marshallers read and write). Allocates only when made.
 *
 * <p>Levels deeper than the arrays hold (objects inside missing objects go as deep as the reading
 * type's graph, unbounded by {@link ReadLimits#maxDepth}) are counted, not saved, and described
 * as "...".
 */
final class FieldPath {
    /** A level's kind: an object, whose segment is its field. */
    static final byte OBJECT = 0;
    /**
     * A level's kind: an object read into an instance the document's target does not hold yet (one
     * a factory made, or of the class a typed read's alias chose; its setter runs once it is read),
     * read as {@link #OBJECT} is; or a foreign object or record, which is made after its fields
     * are read. What the target writes cannot name its fields, so they are named from what the
     * instance writes, or from what the {@link Marshaller} reads and writes.
     */
    static final byte DETACHED_OBJECT = 1;
    /** A level's kind: a sequence, whose segment is its element's index. */
    static final byte SEQUENCE = 2;
    /** A level's kind: a map, whose segment is its entry's key. */
    static final byte MAP = 3;
    /** The key of a map entry not read yet, or of a level that is no map. */
    static final byte NO_KEY = 0;
    /** A text key: {@code textKey} holds it. */
    static final byte TEXT_KEY = 1;
    /** A number key: {@code numberKey} holds it. */
    static final byte NUMBER_KEY = 2;
    /** No field read yet in an object (any negative field but {@link #HOOK_KEY} reads as none). */
    static final int NO_FIELD = -1;
    /**
     * An object's segment that is the key of a field it does not read, whose value the hook
     * ({@link Marshallable#unexpectedField}) is reading: the key is kept as a map entry's is.
     */
    static final int HOOK_KEY = -2;

    /** Saved levels beyond the input's nesting limit: missing objects and a hook's value level, above each. */
    private static final int SLACK = 8;

    /*
     * A saved level holds what its kind's segment needs, and no more: an object its field, a
     * sequence its element, a map its entry and key. So saving an object or a sequence, the levels
     * every document enters, stores two values, and only a map level pays the store of a
     * reference (a write barrier of the collector) for its text key.
     */
    private final byte[] kinds;
    /** Per level: an object's field number read last (or {@link #NO_FIELD}); a sequence's or map's element entered. */
    private final int[] segments;
    /**
     * Per detached object level: its instance, or its {@link Marshaller}. Left in place when the
     * level is left (a store per level would cost every object read), so it keeps at most one
     * object per depth reachable.
     */
    private final Object[] detached;
    /** Per map level: its entry's key; per object level at {@link #HOOK_KEY}, the hook's. */
    private final byte[] keyKinds;
    private final CharSequence[] textKeys;
    private final long[] numberKeys;
    /**
     * Per object level at {@link #HOOK_KEY}: a copy of the hook's text key, which the wire's reader
     * refills for the next field it offers. Made at the first such level of a depth, and reused.
     */
    private final StringBuilder[] hookKeys;
    /** Levels saved, counted past the arrays' length. */
    private int depth;

    /**
     * A path for documents read within {@code limits}. Allocates.
     *
     * @param limits the limits the wire reads with: their depth sizes the arrays
     */
    FieldPath(ReadLimits limits) {
        int capacity = 2 * limits.maxDepth() + SLACK;
        kinds = new byte[capacity];
        segments = new int[capacity];
        detached = new Object[capacity];
        keyKinds = new byte[capacity];
        textKeys = new CharSequence[capacity];
        numberKeys = new long[capacity];
        hookKeys = new StringBuilder[capacity];
    }

    /** Drops every saved level, for a new document. Allocates nothing. */
    void clear() {
        depth = 0;
    }

    /** {@return whether a level of {@code kind} is an object, detached or not} */
    static boolean isObject(byte kind) {
        return kind < SEQUENCE;
    }

    /**
     * Saves the innermost level before a level above it is entered. Allocates nothing, but the
     * first time a hook's text key is saved at a depth, and as that copy grows to a longer key.
     *
     * @param instance a detached object's instance or marshaller (ignored for other kinds)
     * @return the depth to hand back to {@link #restore(int)} when that level is left
     */
    int save(byte kind, Object instance, int field, int element, byte keyKind, CharSequence textKey,
             long numberKey) {
        int at = depth++;
        if (at < kinds.length) {
            kinds[at] = kind;
            if (isObject(kind)) {
                segments[at] = field;
                if (kind == DETACHED_OBJECT && detached[at] != instance) {
                    // Stored only when it changed: a reused typed instance costs no store per read.
                    detached[at] = instance;
                }
                if (field == HOOK_KEY) {
                    saveHookKey(at, keyKind, textKey, numberKey);
                }
            } else {
                segments[at] = element;
                if (kind == MAP) {
                    keyKinds[at] = keyKind;
                    textKeys[at] = textKey;
                    numberKeys[at] = numberKey;
                }
            }
        }
        return at;
    }

    private void saveHookKey(int at, byte keyKind, CharSequence textKey, long numberKey) {
        keyKinds[at] = keyKind;
        numberKeys[at] = numberKey;
        if (keyKind == TEXT_KEY) {
            StringBuilder copy = hookKeys[at];
            if (copy == null) {
                copy = new StringBuilder(textKey.length());
                hookKeys[at] = copy;
            }
            // The level saved again with the key it got back from here: it is the copy already.
            if (copy != textKey) {
                copy.setLength(0);
                copy.append(textKey);
            }
            textKeys[at] = copy;
        }
    }

    /**
     * Goes back to {@code at} levels, as {@link #save} returned it, so that an exception caught
     * inside a level (by a user's reading code) leaves no level behind once that level is left.
     */
    void restore(int at) {
        depth = at;
    }

    /** {@return whether level {@code at} was saved, not only counted} */
    boolean holds(int at) {
        return at < kinds.length;
    }

    /** {@return the saved level {@code at}'s kind} */
    byte kind(int at) {
        return kinds[at];
    }

    /** {@return the saved level {@code at}'s field number, or {@link #NO_FIELD} (also for a sequence or map)} */
    int field(int at) {
        return isObject(kinds[at]) ? segments[at] : NO_FIELD;
    }

    /** {@return the saved level {@code at}'s element or entry index, or -1 for an object} */
    int element(int at) {
        return isObject(kinds[at]) ? -1 : segments[at];
    }

    /** {@return the saved level {@code at}'s instance or marshaller, for a detached object; null for any other kind} */
    Object detached(int at) {
        return kinds[at] == DETACHED_OBJECT ? detached[at] : null;
    }

    /** {@return the saved level {@code at}'s key kind, {@link #NO_KEY} but for a map or a hook's key} */
    byte keyKind(int at) {
        return keyed(at) ? keyKinds[at] : NO_KEY;
    }

    /** {@return the saved level {@code at}'s text key, null but for a map or a hook's key} */
    CharSequence textKey(int at) {
        return keyed(at) ? textKeys[at] : null;
    }

    /** {@return the saved level {@code at}'s number key, 0 but for a map or a hook's key} */
    long numberKey(int at) {
        return keyed(at) ? numberKeys[at] : 0;
    }

    private boolean keyed(int at) {
        return kinds[at] == MAP || isObject(kinds[at]) && segments[at] == HOOK_KEY;
    }

    /**
     * Describes the path: the document's type, each saved level, then the innermost one, naming
     * fields from {@code schema}, the fields the document's type writes; below a detached object
     * from the fields its instance writes; below an object of a type the recording did not go into
     * again (a recursive type) from that type's fields met above. A field none of them lists is
     * named by its number: {@code #7}. A field the hook reads is named by its key: its name, or on
     * a numbered wire its number, named where the type writes that field. Allocates.
     *
     * @param root     the document's type
     * @param schema   the fields the document's type writes, or null when they could not be recorded
     * @param schemaOf the fields of a detached object (its instance or marshaller), or null when they
     *                 cannot be recorded
     * @param instance the innermost level's instance or marshaller, if it is a detached object
     */
    String describe(Class<?> root, List<FieldSchema> schema, Function<Object, List<FieldSchema>> schemaOf,
                    byte kind, Object instance, int field, int element, byte keyKind, CharSequence textKey,
                    long numberKey) {
        StringBuilder text = new StringBuilder(nameOf(root));
        Walk walk = new Walk(root, schema, schemaOf);
        int saved = Math.min(depth, kinds.length);
        for (int at = 0; at < saved; at++) {
            walk.segment(text, kinds[at], detached(at), field(at), element(at), keyKind(at), textKey(at),
                    numberKey(at));
        }
        if (depth > kinds.length) {
            text.append("...");
            walk.lost();
        }
        walk.segment(text, kind, instance, field, element, keyKind, textKey, numberKey);
        return text.toString();
    }

    private static String nameOf(Class<?> type) {
        return type.getSimpleName().isEmpty() ? type.getName() : type.getSimpleName();
    }

    /** Down the schema, one level at a time, as far as it describes the levels read. */
    private static final class Walk {
        /** The fields of the object at the current level, or null where the schema does not reach. */
        private List<FieldSchema> fields;
        /** The schema of the current level's values, for a sequence or map level. */
        private FieldSchema values;
        /**
         * At a detached object: the fields the level above reached it with, for a field its own
         * recording does not list (or where it could not be recorded: a record whose constructor
         * refuses the default components, a marshaller that writes a field only on some values).
         */
        private List<FieldSchema> reached;
        private final Function<Object, List<FieldSchema>> schemaOf;
        /** The fields of each class met on the way down, for an object the recording did not go into. */
        private final Map<Class<?>, List<FieldSchema>> fieldsByType = new HashMap<>();

        Walk(Class<?> root, List<FieldSchema> fields, Function<Object, List<FieldSchema>> schemaOf) {
            this.fields = fields;
            this.schemaOf = schemaOf;
            remember(root, fields);
        }

        private void remember(Class<?> type, List<FieldSchema> typeFields) {
            if (type != null && typeFields != null && !typeFields.isEmpty()) {
                fieldsByType.putIfAbsent(type, typeFields);
            }
        }

        void lost() {
            fields = null;
            values = null;
            reached = null;
        }

        void segment(StringBuilder text, byte kind, Object instance, int field, int element, byte keyKind,
                     CharSequence textKey, long numberKey) {
            if (kind == DETACHED_OBJECT) {
                reached = fields;
                fields = schemaOf.apply(instance);
                values = null;
                remember(instance instanceof Marshaller<?> marshaller ? marshaller.type() : instance.getClass(), fields);
            }
            switch (kind) {
                case OBJECT, DETACHED_OBJECT -> {
                    if (field == HOOK_KEY) {
                        hookKey(text, keyKind, textKey, numberKey);
                        return;
                    }
                    if (field < 0) {
                        return;
                    }
                    FieldSchema named = find(field);
                    text.append('.').append(named != null ? named.name() : "#" + field);
                    descend(named);
                }
                case SEQUENCE -> {
                    if (element >= 0) {
                        text.append('[').append(element).append(']');
                    }
                    descend(values);
                }
                default -> {
                    if (keyKind == TEXT_KEY) {
                        text.append("[\"").append(textKey).append("\"]");
                    } else if (keyKind == NUMBER_KEY) {
                        text.append('[').append(numberKey).append(']');
                    } else if (element >= 0) {
                        text.append("[entry ").append(element).append(']');
                    }
                    descend(values);
                }
            }
        }

        /** The segment of a field the hook reads: its key, and below it what the type writes there, if it does. */
        private void hookKey(StringBuilder text, byte keyKind, CharSequence textKey, long numberKey) {
            if (keyKind == TEXT_KEY) {
                if (isName(textKey)) {
                    text.append('.').append(textKey);
                } else {
                    // Quoted as a map's key is, so that a key with a dot or a bracket reads as one segment.
                    text.append("[\"").append(textKey).append("\"]");
                }
                descend(findByName(textKey));
                return;
            }
            FieldSchema named = numberKey == (int) numberKey ? find((int) numberKey) : null;
            text.append('.').append(named != null ? named.name() : "#" + numberKey);
            descend(named);
        }

        /** {@return whether {@code key} reads as a field's name in a path: a Java identifier} */
        private static boolean isName(CharSequence key) {
            if (key.length() == 0 || !Character.isJavaIdentifierStart(key.charAt(0))) {
                return false;
            }
            for (int i = 1; i < key.length(); i++) {
                if (!Character.isJavaIdentifierPart(key.charAt(i))) {
                    return false;
                }
            }
            return true;
        }

        private FieldSchema findByName(CharSequence name) {
            return find(candidate -> candidate.name().contentEquals(name));
        }

        private FieldSchema find(int number) {
            return find(candidate -> candidate.number() == number);
        }

        /** The field {@code matches} takes: among this level's own fields, else those it was {@link #reached} with. */
        private FieldSchema find(Predicate<FieldSchema> matches) {
            FieldSchema own = first(fields, matches);
            return own != null ? own : first(reached, matches);
        }

        private static FieldSchema first(List<FieldSchema> schema, Predicate<FieldSchema> matches) {
            if (schema != null) {
                for (FieldSchema candidate : schema) {
                    if (matches.test(candidate)) {
                        return candidate;
                    }
                }
            }
            return null;
        }

        /**
         * Moves below {@code value}: into its fields for an object, to its elements for a sequence
         * or map. Not below a typed value: the schema recorded the class the target held there (or
         * its first element's), which need not be the class the document holds; the typed
         * object's level is detached, and names its own fields.
         */
        private void descend(FieldSchema value) {
            if (value == null || value.kind() == FieldKind.TYPED) {
                lost();
                return;
            }
            List<FieldSchema> nested = value.fields();
            if (nested.isEmpty() && value.truncated()) {
                nested = fieldsByType.get(value.type());
            } else {
                remember(value.type(), nested);
            }
            fields = nested == null || nested.isEmpty() ? null : nested;
            values = value.element();
            reached = null;
        }
    }
}
