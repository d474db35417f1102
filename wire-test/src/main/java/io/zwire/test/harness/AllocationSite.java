package io.zwire.test.harness;

import java.util.Locale;

/**
 * One place the round trip allocates, as {@link AllocationSiteProbe} sampled it with JFR: what
 * was allocated, where, and which of the type's fields was being read or written.
 *
 * @param sampledBytes   the JFR samples' weight at this site: bytes allocated here, estimated
 * @param objectClass    the class of the object allocated ({@code byte[]} for an array of bytes)
 * @param allocatingFrame the frame that allocated, {@code class.method:line}
 * @param nearestFrame   the innermost frame below it in the checked type or in zwire, or null
 * @param typeFrame      the outermost frame in the checked type (its read or write method), or null
 * @param fieldNumber    the field that frame was reading or writing, or 0 when it cannot be told
 * @param fieldName      that field's name, or null when it cannot be told
 * @param side           whether the round trip was reading or writing when it allocated
 * @param maker          whose code made the object: the nearest frame outside the JDK
 */
public record AllocationSite(long sampledBytes, String objectClass, String allocatingFrame, String nearestFrame,
                             String typeFrame, int fieldNumber, String fieldName, Side side, Maker maker) {
    private static final String NONE = "-";
    private static final int COLUMNS = 9;

    /** The half of the round trip an allocation was made in; only a read can allocate by design. */
    public enum Side {
        /** Under the read of the document. */
        READ,
        /** Under the write of the document. */
        WRITE,
        /** Neither could be told from the stack. */
        UNKNOWN
    }

    /** Whose code made the object, judged by the nearest frame outside the JDK. */
    public enum Maker {
        /** zwire's own reader or writer: what the schema describes. */
        ZWIRE,
        /** The checked type's code (a setter lambda, a helper) or a class outside zwire. */
        USER_CODE
    }

    /** True when the site was tied to one of the type's fields. */
    public boolean hasField() {
        return fieldName != null;
    }

    /** {@return everything but the bytes: two samples at the same place have the same} */
    String place() {
        return toLine().substring(toLine().indexOf('\t') + 1);
    }

    /** {@return this site with {@code more} sampled bytes} */
    AllocationSite plus(long more) {
        return new AllocationSite(sampledBytes + more, objectClass, allocatingFrame, nearestFrame, typeFrame, fieldNumber,
                fieldName, side, maker);
    }

    /** The site as one tab-separated line, which {@link #parse} reads back. */
    String toLine() {
        return String.join("\t", Long.toString(sampledBytes), objectClass, allocatingFrame, orNone(nearestFrame),
                orNone(typeFrame), Integer.toString(fieldNumber), orNone(fieldName), side.name(), maker.name());
    }

    /**
     * A site from {@link #toLine()}.
     *
     * @throws IllegalArgumentException if the line is not one
     */
    static AllocationSite parse(String line) {
        String[] cells = line.split("\t", -1);
        if (cells.length != COLUMNS) {
            throw new IllegalArgumentException("not an allocation site: " + line);
        }
        return new AllocationSite(Long.parseLong(cells[0]), cells[1], cells[2], orNull(cells[3]), orNull(cells[4]),
                Integer.parseInt(cells[5]), orNull(cells[6]), Side.valueOf(cells[7]), Maker.valueOf(cells[8]));
    }

    /** {@code field time (3)}, or words saying the field is not known. */
    String fieldWords() {
        return hasField() ? String.format(Locale.ROOT, "field %s (%d)", fieldName, fieldNumber)
                : "no field: the allocation is not under a call the type makes to WireIn, ValueIn, WireOut or ValueOut"
                + " (a helper method, or code outside the field's read)";
    }

    private static String orNone(String value) {
        return value == null ? NONE : value;
    }

    private static String orNull(String cell) {
        return cell.equals(NONE) ? null : cell;
    }
}
