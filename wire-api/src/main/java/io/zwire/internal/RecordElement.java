package io.zwire.internal;

import io.zwire.Marshaller;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireException;
import io.zwire.WireType;

/**
 * How one value of a record is written and read, by its kind: a component's (see
 * {@link RecordMarshaller}), or one inside a {@code List}, {@code Map} or {@code Optional}
 * component: an element, a map's value, an optional's content. Found once, when the record's
 * marshaller is built, from the Java type; immutable.
 */
final class RecordElement {
    /** The kinds such a value may be. */
    enum Kind {
        BOOL(boolean.class, Boolean.class), INT8(byte.class, Byte.class), INT16(short.class, Short.class),
        CHAR16(char.class, Character.class), INT32(int.class, Integer.class), INT64(long.class, Long.class),
        FLOAT32(float.class, Float.class), FLOAT64(double.class, Double.class),
        TEXT(null, String.class),
        /** An enum constant, by the enum class in {@link #extra}. */
        ENUM(null, null),
        /** An object written and read by the marshaller in {@link #extra}: a record, a Marshallable, a registered type. */
        OBJECT(null, null);

        /** The primitive class of a primitive kind; otherwise null. */
        final Class<?> primitive;
        /** The class of a primitive kind's box, or String for text; null for the kinds found by what the class is. */
        final Class<?> box;

        Kind(Class<?> primitive, Class<?> box) {
            this.primitive = primitive;
            this.box = box;
        }

        /** {@return the kind of a primitive, a box or String, or null for any other {@code type}} */
        static Kind of(Class<?> type) {
            for (Kind kind : values()) {
                if (kind.primitive == type || kind.box == type) {
                    return kind;
                }
            }
            return null;
        }

        /** Whether every wire has a null of this kind (RAW has none for a primitive, even boxed). */
        boolean nullable() {
            return primitive == null;
        }
    }

    /** {@code Record.component}, for messages. */
    final String component;
    final Kind kind;
    /** The enum class of {@link Kind#ENUM}, the marshaller of {@link Kind#OBJECT}; otherwise null. */
    final Object extra;

    RecordElement(String component, Kind kind, Object extra) {
        this.component = component;
        this.kind = kind;
        this.extra = extra;
    }

    /**
     * Writes {@code value}, which may be null (the wire's null) for a {@linkplain Kind#nullable
     * nullable} kind; allocates nothing of its own (an object's marshaller may).
     *
     * @throws NullPointerException for a null of a primitive kind
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void write(Object value, ValueOut out) {
        switch (kind) {
            case BOOL -> out.bool((Boolean) value);
            case INT8 -> out.int8((Byte) value);
            case INT16 -> out.int16((Short) value);
            case CHAR16 -> out.char16((Character) value);
            case INT32 -> out.int32((Integer) value);
            case INT64 -> out.int64((Long) value);
            case FLOAT32 -> out.float32((Float) value);
            case FLOAT64 -> out.float64((Double) value);
            case TEXT -> out.text((String) value);
            case ENUM -> out.asEnum((Enum<?>) value);
            case OBJECT -> out.object(value, (Marshaller) extra);
            default -> throw new IllegalStateException(kind.name());
        }
    }

    /**
     * Reads a value that may not be null, as an element or a map's value.
     *
     * @param wire the wire read, or null while {@code Schema.of} records the reads, which return
     *             defaults and nulls: a null text or enum is then its {@linkplain #placeholder
     *             placeholder}, so the record made holds the element and the write side records it
     * @return the value, never null on a wire; allocates as {@link #readNullable} does
     * @throws WireException for a null another writer put on the wire; on NUMBERED, which has no
     *                       null, a text, enum or primitive value left out reads as protobuf's
     *                       default instead, and an object left out is refused
     */
    Object read(ValueIn in, WireType wire) {
        // RAW carries no types, so isNull before a primitive means nothing there; it never writes a null element.
        // NUMBERED has no null: a value protobuf left out (legal in a map entry) means its default.
        if (!kind.nullable() && wire != null && wire != WireType.RAW && wire != WireType.NUMBERED && in.isNull()) {
            throw notNull(wire);
        }
        Object value = readNullable(in);
        if (value != null) {
            return value;
        }
        Object placeholder = wire == null || wire == WireType.NUMBERED ? placeholder() : null;
        if (placeholder == null && wire != null) {
            throw notNull(wire);
        }
        return placeholder;
    }

    /**
     * A value of this kind that is never null, for {@code Schema.of}'s recording to write and for
     * a value NUMBERED's input left out (protobuf's default): "" for text, the first constant for
     * an enum (null for one without constants), null for the others: the primitives' reads give
     * a default already, and an object left out stays refused (see {@link #read}).
     */
    private Object placeholder() {
        return switch (kind) {
            case TEXT -> "";
            case ENUM -> {
                Object[] constants = ((Class<?>) extra).getEnumConstants();
                yield constants.length == 0 ? null : constants[0];
            }
            default -> null;
        };
    }

    /**
     * Reads a value, null for the wire's null; boxes a primitive kind (a box outside the JDK's
     * caches allocates), and text, an enum or an object allocates as {@link ValueIn} does.
     *
     * @throws WireException for bad input
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Object readNullable(ValueIn in) {
        return switch (kind) {
            case BOOL -> in.bool();
            case INT8 -> in.int8();
            case INT16 -> in.int16();
            case CHAR16 -> in.char16();
            case INT32 -> in.int32();
            case INT64 -> in.int64();
            case FLOAT32 -> in.float32();
            case FLOAT64 -> in.float64();
            case TEXT -> in.text();
            case ENUM -> in.asEnum((Class) extra);
            case OBJECT -> in.object(null, (Marshaller) extra);
        };
    }

    private WireException notNull(WireType wire) {
        return new WireException(wire.name(), -1, "a value of " + component + ", not null (a record's List or Map"
                + " component holds no null)");
    }
}
