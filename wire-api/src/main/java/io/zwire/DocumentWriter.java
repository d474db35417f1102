package io.zwire;

import io.zwire.spi.WireWriter;

import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * The one implementation of {@link WireOut} and {@link ValueOut}: every call forwards once to the
 * wire's {@link WireWriter} and returns this same object, so a chain of calls in a user's
 * {@code writeMarshallable} keeps its receiver in a register, and nothing is stored per field.
 * Sequence elements and map entries are written through this object too: the codec knows where it is.
 */
final class DocumentWriter extends ValueOut {
    private final WireType type;
    private final WireWriter writer;
    private final TypeRegistry types;
    /** Set only while a schema is recorded, to see the lambdas passed to {@link #sequence} and {@link #map}. */
    private final SchemaRecorder recorder;

    DocumentWriter(WireType type, WireWriter writer, TypeRegistry types) {
        this(type, writer, types, null);
    }

    private DocumentWriter(WireType type, WireWriter writer, TypeRegistry types, SchemaRecorder recorder) {
        this.type = type;
        this.writer = writer;
        this.types = types;
        this.recorder = recorder;
    }

    /** A writer into {@code recorder}, which also sees the lambdas passed to {@link #sequence} and {@link #map}. */
    static DocumentWriter recording(WireType type, SchemaRecorder recorder, TypeRegistry types) {
        return new DocumentWriter(type, recorder, types, recorder);
    }

    @Override
    public ValueOut write(Field field) {
        writer.field(field);
        return this;
    }

    @Override
    public WireType wireType() {
        return type;
    }

    @Override
    public WireOut int8(byte value) {
        writer.int8(value);
        return this;
    }

    @Override
    public WireOut int16(short value) {
        writer.int16(value);
        return this;
    }

    @Override
    public WireOut uint16(int value) {
        if ((value & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("uint16 out of range 0..65535: " + value);
        }
        writer.uint16(value);
        return this;
    }

    @Override
    public WireOut int32(int value) {
        writer.int32(value);
        return this;
    }

    @Override
    public WireOut int64(long value) {
        writer.int64(value);
        return this;
    }

    @Override
    public WireOut float32(float value) {
        writer.float32(value);
        return this;
    }

    @Override
    public WireOut float64(double value) {
        writer.float64(value);
        return this;
    }

    @Override
    public WireOut bool(boolean value) {
        writer.bool(value);
        return this;
    }

    @Override
    public WireOut char16(char value) {
        writer.char16(value);
        return this;
    }

    @Override
    public WireOut text(CharSequence value) {
        if (value == null) {
            writer.nullValue(FieldKind.TEXT);
        } else {
            writer.text(value);
        }
        return this;
    }

    @Override
    public WireOut bytes(byte[] value) {
        if (value == null) {
            writer.nullValue(FieldKind.BYTES);
        } else {
            writer.bytes(value, 0, value.length);
        }
        return this;
    }

    @Override
    public WireOut bytes(byte[] value, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, value.length);
        writer.bytes(value, offset, length);
        return this;
    }

    @Override
    public WireOut asEnum(Enum<?> value) {
        if (value == null) {
            writer.nullValue(FieldKind.ENUM);
        } else {
            writer.asEnum(value);
        }
        return this;
    }

    @Override
    public WireOut marshallable(Marshallable value) {
        if (value == null) {
            writer.nullValue(FieldKind.MARSHALLABLE);
        } else {
            writer.startMarshallable();
            value.writeMarshallable(this);
            writer.endMarshallable();
        }
        return this;
    }

    @Override
    public <T> WireOut object(T value, Marshaller<T> marshaller) {
        if (value == null) {
            writer.nullValue(FieldKind.MARSHALLABLE);
        } else {
            writer.startMarshallable();
            marshaller.write(value, this);
            writer.endMarshallable();
        }
        return this;
    }

    @Override
    public WireOut typed(Marshallable value) {
        if (value == null) {
            writer.nullValue(FieldKind.TYPED);
            return this;
        }
        TypeRegistry.Entry entry = types.byType(value.getClass());
        if (entry == null) {
            throw new IllegalArgumentException(value.getClass().getName() + " is not in the wire's TypeRegistry "
                    + types + "; register it to write it as a typed object");
        }
        writer.startTyped(entry.alias());
        value.writeMarshallable(this);
        writer.endMarshallable();
        return this;
    }

    @Override
    public <T> WireOut sequence(T target, BiConsumer<? super T, ValueOut> elements) {
        if (recorder != null) {
            recorder.containerLambda(elements, "sequence lambda");
        }
        writer.startSequence();
        elements.accept(target, this);
        writer.endSequence();
        return this;
    }

    @Override
    public <T> WireOut map(T target, BiConsumer<? super T, ValueOut> entries) {
        if (recorder != null) {
            recorder.containerLambda(entries, "map lambda");
        }
        writer.startMap();
        entries.accept(target, this);
        writer.endMap();
        return this;
    }

    @Override
    public ValueOut key(CharSequence key) {
        writer.textKey(Objects.requireNonNull(key, "a map key"));
        return this;
    }

    @Override
    public ValueOut key(int key) {
        writer.int32Key(key);
        return this;
    }

    @Override
    public ValueOut key(long key) {
        writer.int64Key(key);
        return this;
    }

    @Override
    public WireOut nullValue() {
        writer.nullValue(FieldKind.NULL);
        return this;
    }
}
