package io.zwire.binary.proto;

/**
 * The numbers of the NUMBERED layout, drawn in {@link io.zwire.binary.proto}: protobuf's wire
 * types, and the field numbers of the two messages zwire adds around its values.
 */
final class ProtoLayout {
    /** The name in {@link io.zwire.WireException}s. */
    static final String WIRE = "NUMBERED";

    /** Wire type of int32, sint32, uint32, sint64, bool, enum. */
    static final int VARINT = 0;
    /** Wire type of fixed64, double. */
    static final int I64 = 1;
    /** Wire type of string, bytes, messages and packed repeated primitives. */
    static final int LEN = 2;
    /** Wire type of a deprecated group's start tag; read only to skip. */
    static final int SGROUP = 3;
    /** Wire type of a deprecated group's end tag. */
    static final int EGROUP = 4;
    /** Wire type of fixed32, float. */
    static final int I32 = 5;

    /** A typed object is a message {@code Typed { string alias = 1; bytes value = 2; }}. */
    static final int TYPED_ALIAS = 1;
    static final int TYPED_VALUE = 2;
    /** A sequence that is an element of a sequence is a message whose field 1 repeats its elements. */
    static final int NESTED_ELEMENTS = 1;
    /** A map entry is a message {@code { K key = 1; V value = 2; }}, protobuf's own map encoding. */
    static final int ENTRY_KEY = 1;
    static final int ENTRY_VALUE = 2;

    private ProtoLayout() {
    }

    /** A wire type's name, for messages. */
    static String describe(int wireType) {
        return switch (wireType) {
            case VARINT -> "wire type 0 (varint)";
            case I64 -> "wire type 1 (fixed64)";
            case LEN -> "wire type 2 (length-delimited)";
            case SGROUP -> "wire type 3 (group start)";
            case EGROUP -> "wire type 4 (group end)";
            case I32 -> "wire type 5 (fixed32)";
            default -> "wire type " + wireType;
        };
    }
}
