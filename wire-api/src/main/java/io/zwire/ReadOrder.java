package io.zwire;

import java.util.List;

/**
 * Whether a type reads its fields in the order, and as the kinds, it writes them: what a wire
 * that reads by position ({@link WireType#RAW}) needs, since it cannot find a field by key. The
 * comparison is made per object, on what both sides recorded: a field that was null when written
 * has no nested fields or constants to compare, and a nested object is compared when the read
 * side goes into it (with that object's own write side).
 */
final class ReadOrder {
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
        if (read.kind() == FieldKind.SEQUENCE && written.element() != null && read.element() != null) {
            return kinds("an element of " + what, written.element(), read.element());
        }
        return null;
    }

    private static String label(FieldSchema field) {
        return field.name() + " (" + field.number() + ")";
    }
}
