package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.FieldKind;
import io.zwire.FieldSchema;
import io.zwire.Schema;
import io.zwire.WireException;
import io.zwire.binary.dump.AnnotatedHex;

import java.util.List;

/**
 * Annotates a RAW document with the help of the writer's {@link Schema}: RAW carries no names,
 * numbers or types, so the schema says what each run of bytes is. The dump stops, with a line
 * saying why, where the schema cannot say (elements of a sequence whose sample was empty, a value
 * where the sample had null, a typed object of another alias than the sample's). Used through
 * {@link io.zwire.binary.BinaryDump}.
 */
public final class RawDump {
    private static final String WIRE = "RAW";

    private final Bytes bytes;
    private final AnnotatedHex out;
    private int position;
    private int end;

    private RawDump(Bytes bytes, AnnotatedHex out) {
        this.bytes = bytes;
        this.out = out;
    }

    /**
     * Adds the lines of the document at {@code offset} to {@code out}; input the schema does not
     * fit ends the dump with a line naming the problem.
     *
     * @return the offset after the document (its length says where), or the end of the written bytes
     */
    public static int dump(Bytes bytes, int offset, Schema schema, AnnotatedHex out) {
        RawDump dump = new RawDump(bytes, out);
        dump.position = offset;
        dump.end = bytes.writePosition();
        try {
            return dump.document(schema);
        } catch (WireException e) {
            out.error(e);
            return dump.end;
        }
    }

    private WireException error(int offset, String expected) {
        return new WireException(WIRE, offset, expected);
    }

    private int take(int size, String what) {
        int start = position;
        if (size > end - start) {
            throw error(start, size + " bytes of " + what + ", but the document ends at offset " + end);
        }
        position = start + size;
        return start;
    }

    private int document(Schema schema) {
        int start = take(4, "the document length");
        int length = bytes.readInt32At(start);
        if (length < 0 || length > end - position) {
            throw error(start, "a document length within the " + (end - position) + " bytes that follow, found " + length);
        }
        end = position + length;
        out.line(start, position, 0, "document, " + length + " bytes of fields");
        fields(schema.fields(), 1);
        if (position != end) {
            throw error(position, "the document to end here, as the schema does, but it has " + (end - position)
                    + " more bytes: it was written with another schema");
        }
        return end;
    }

    private void fields(List<FieldSchema> fields, int depth) {
        for (FieldSchema field : fields) {
            value(field, depth, field.number() + " " + field.name() + ": ");
        }
    }

    private void value(FieldSchema field, int depth, String label) {
        int start = position;
        switch (field.kind()) {
            case INT8 -> out.line(take(1, "an int8"), position, depth, label + "int8 " + bytes.readInt8At(start));
            case INT16 -> out.line(take(2, "an int16"), position, depth, label + "int16 " + bytes.readInt16At(start));
            case UINT16 -> out.line(take(2, "a uint16"), position, depth, label + "uint16 " + (bytes.readInt16At(start) & 0xFFFF));
            case CHAR16 -> {
                char c = (char) bytes.readInt16At(take(2, "a char16"));
                out.line(start, position, depth, label + "char16 " + String.format("U+%04X", (int) c)
                        + (Character.isISOControl(c) || Character.isSurrogate(c) ? "" : " " + AnnotatedHex.quote(String.valueOf(c))));
            }
            case INT32 -> out.line(take(4, "an int32"), position, depth, label + "int32 " + bytes.readInt32At(start));
            case INT64 -> out.line(take(8, "an int64"), position, depth, label + "int64 " + bytes.readInt64At(start));
            case FLOAT32 -> out.line(take(4, "a float32"), position, depth,
                    label + "float32 " + Float.intBitsToFloat(bytes.readInt32At(start)));
            case FLOAT64 -> out.line(take(8, "a float64"), position, depth,
                    label + "float64 " + Double.longBitsToDouble(bytes.readInt64At(start)));
            case BOOL -> out.line(take(1, "a bool"), position, depth, label + "bool " + bool(bytes.readInt8At(start)));
            case TEXT, BYTES -> string(field, depth, label);
            case ENUM -> enumValue(field, depth, label);
            case MARSHALLABLE -> {
                if (marker(start, "an object marker")) {
                    out.line(start, position, depth, label + "object");
                    fields(field.fields(), depth + 1);
                } else {
                    out.line(start, position, depth, label + "null");
                }
            }
            case TYPED -> typed(field, depth, label);
            case SEQUENCE -> sequence(field, depth, label);
            case MAP -> map(field, depth, label);
            default -> unknownKind(start, depth, label);
        }
    }

    /**
     * The sample had null here, so the kind is unknown; but every nullable kind starts with a byte
     * that is 0 exactly when null, so another null can still be shown.
     */
    private void unknownKind(int start, int depth, String label) {
        if (bytes.readInt8At(take(1, "a value")) != 0) {
            throw error(start, "a null, as in the schema's sample: with a value here, the kind of "
                    + label.substring(0, label.length() - 2) + " is unknown");
        }
        out.line(start, position, depth, label + "null");
    }

    private static String bool(byte value) {
        return value == 0 ? "false" : value == 1 ? "true" : "? (" + value + ", neither 0 nor 1)";
    }

    private boolean marker(int start, String what) {
        byte marker = bytes.readInt8At(take(1, what));
        if ((marker & ~1) != 0) {
            throw error(start, what + ", 0 (null) or 1, found " + marker);
        }
        return marker == 1;
    }

    private long varint(String what) {
        int start = position;
        long value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            byte b = bytes.readInt8At(take(1, what));
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw error(start, what + " as a varint of at most 10 bytes");
    }

    private void string(FieldSchema field, int depth, String label) {
        int start = position;
        long encoded = varint("a length");
        if (encoded == 0) {
            out.line(start, position, depth, label + "null");
            return;
        }
        long length = encoded - 1;
        if (length < 0 || length > end - position) {
            throw error(start, "a length within the " + (end - position) + " bytes left, found " + Long.toUnsignedString(length));
        }
        int content = take((int) length, "text");
        if (field.kind() == FieldKind.BYTES) {
            out.line(start, position, depth, label + "bytes, " + length);
            return;
        }
        StringBuilder text = new StringBuilder((int) length);
        out.line(start, position, depth, label + (bytes.readUtf8(content, (int) length, text) < 0
                ? "text " + AnnotatedHex.quote(text) : "text, " + length + " bytes, not valid UTF-8"));
    }

    private void enumValue(FieldSchema field, int depth, String label) {
        int start = position;
        long encoded = varint("an enum ordinal");
        List<String> constants = field.constants();
        String meaning = encoded == 0 ? "null" : encoded <= constants.size()
                ? constants.get((int) encoded - 1) + " (ordinal " + (encoded - 1) + ")"
                : "ordinal " + (encoded - 1) + ", beyond the " + constants.size() + " constants";
        out.line(start, position, depth, label + "enum " + meaning);
    }

    private void typed(FieldSchema field, int depth, String label) {
        int start = position;
        long encoded = varint("an alias length");
        if (encoded == 0) {
            out.line(start, position, depth, label + "null");
            return;
        }
        long length = encoded - 1;
        if (length < 0 || length > end - position) {
            throw error(start, "an alias length within the " + (end - position) + " bytes left, found "
                    + Long.toUnsignedString(length));
        }
        int content = take((int) length, "an alias");
        StringBuilder text = new StringBuilder((int) length);
        if (bytes.readUtf8(content, (int) length, text) >= 0) {
            throw error(content, "a UTF-8 type alias");
        }
        String alias = text.toString();
        out.line(start, position, depth, label + "typed !" + alias);
        if (!alias.equals(field.alias())) {
            throw error(position, "the fields of !" + field.alias() + ", the only type the schema knows here, not !" + alias);
        }
        fields(field.fields(), depth + 1);
    }

    private void sequence(FieldSchema field, int depth, String label) {
        FieldSchema element = field.element();
        int count = counted(depth, label, "sequence", "element", "elements", element != null);
        for (int i = 0; i < count; i++) {
            value(element, depth + 1, "[" + i + "] ");
        }
    }

    /**
     * The marker and count a sequence or map starts with, and its line; 0 for null. Stops where
     * the sample had no element ({@code known} false) and the count says there are some.
     */
    private int counted(int depth, String label, String container, String one, String many, boolean known) {
        int start = position;
        if (!marker(start, "a " + container + " marker")) {
            out.line(start, position, depth, label + "null");
            return 0;
        }
        int count = bytes.readInt32At(take(4, "an " + one + " count"));
        if (count < 0 || count > end - position) {
            throw error(start + 1, "an " + one + " count within the " + (end - position) + " bytes left, found " + count);
        }
        out.line(start, position, depth, label + container + ", " + count + " " + (count == 1 ? one : many));
        if (count > 0 && !known) {
            throw error(position, many + " the schema knows, but its sample's " + container + " was empty");
        }
        return count;
    }

    private void map(FieldSchema field, int depth, String label) {
        FieldSchema key = field.key();
        FieldSchema value = field.element();
        int count = counted(depth, label, "map", "entry", "entries", key != null && value != null);
        for (int i = 0; i < count; i++) {
            int keyStart = position;
            if (key.kind() == FieldKind.TEXT) {
                string(key, depth + 1, "key ");
            } else {
                out.line(take(8, "an integer key"), position, depth + 1, "key int64 " + bytes.readInt64At(keyStart));
            }
            value(value, depth + 2, "value ");
        }
    }
}
