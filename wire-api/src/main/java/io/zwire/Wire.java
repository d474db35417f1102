package io.zwire;

import io.zwire.internal.MisplacedCalls;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * One wire over one {@link Bytes}: documents are appended at the write position and read from
 * the read position, so one buffer carries many documents. Create with {@link WireType#apply}.
 *
 * <pre>{@code
 * Wire wire = WireType.YAML.apply(Bytes.elastic(256));
 * wire.writeDocument(order);
 * wire.readDocument(copy);
 * }</pre>
 *
 * <p>Not thread-safe: one wire per thread or per session. One document at a time in each
 * direction: a read (or write) begun from inside a document this wire is reading (or writing),
 * from a readMarshallable, a Marshaller or a sink, is refused with an
 * {@link IllegalStateException}. Reading and writing allocate nothing in steady state.
 */
public final class Wire {
    private final WireType type;
    private final Bytes bytes;
    private final WireOptions options;
    private final WireReader reader;
    private final WireWriter writer;
    private final DocumentReader in;
    private final ValueOut out;
    /** True for a wire that reads by position (RAW): there a type must read what it writes, in order. */
    private final boolean positional;
    /** The last class whose read order was checked, so a stream of one type checks with one compare. */
    private Class<?> readOrderChecked;
    /** As {@link #readOrderChecked}, for documents read through a {@link Marshaller}. */
    private Marshaller<?> readOrderCheckedMarshaller;
    /** The last class written or read whose fields were checked for clashes ({@link FieldClashes}). */
    private Class<?> fieldsChecked;
    /** As {@link #fieldsChecked}, for documents written or read through a {@link Marshaller}. */
    private Marshaller<?> fieldsCheckedMarshaller;
    /**
     * Whether a document is being read, or written: one begun on this Wire from inside it (a
     * readMarshallable calling readDocument) is refused, as it would read with the reader's
     * cursor and levels in the middle of the outer document and leave them wrong for it.
     */
    private boolean reading;
    private boolean writing;

    Wire(WireType type, Bytes bytes, WireOptions options, WireReader reader, WireWriter writer) {
        this.type = type;
        this.bytes = bytes;
        this.options = options;
        this.reader = reader;
        this.writer = writer;
        this.in = new DocumentReader(type, reader, options.types(), options.limits());
        this.out = new ValueOut(type, writer, options.types());
        this.positional = !type.isSelfDescribing();
    }

    /**
     * The wire type.
     *
     * @return the type
     */
    public WireType type() {
        return type;
    }

    /**
     * The buffer this wire reads and writes.
     *
     * @return the buffer
     */
    public Bytes bytes() {
        return bytes;
    }

    /**
     * The options this wire was created with.
     *
     * @return the options
     */
    public WireOptions options() {
        return options;
    }

    /**
     * Appends {@code document} as one document. Atomic: if writing throws (a full fixed-size
     * buffer, an exception from the user's code, a mistake in its write method), the buffer is left
     * as it was before the call and the exception propagates.
     *
     * <p>The first document of each class is first checked for two fields of one object that
     * share a number but not a name, or a name but not a number: recorded once per class from
     * what that document writes (allocates, microseconds), then one compare per document while the
     * class stays the same.
     *
     * @param document the object written
     * @throws IllegalStateException if the write method names a field and gives it no value, or
     *         names a field inside a sequence, or two of its fields share a number or a name
     *         (naming both; nothing is written); if called from inside a document this wire is
     *         writing
     * @throws WireException if a text holds an unpaired surrogate on a wire whose text is UTF-8
     *         alone (BINARY, NUMBERED, RAW), which cannot hold one; the text wires escape it
     */
    public void writeDocument(Marshallable document) {
        beginWrite("writeDocument");
        try {
            write(document);
        } finally {
            writing = false;
        }
    }

    private void write(Marshallable document) {
        checkFields(document);
        int start = bytes.writePosition();
        try {
            writer.startDocument();
            document.writeMarshallable(out);
            writer.endDocument();
        } catch (RuntimeException | Error e) {
            writer.reset();
            bytes.writePosition(start);
            throw e;
        }
    }

    /**
     * Reads the next document into {@code target}, field by field (fields the document lacks are
     * set to their defaults on the self-describing wires).
     *
     * <p>On {@link WireType#RAW}, which reads by position, the first read of each class first
     * checks that its {@code readMarshallable} reads what its {@code writeMarshallable} writes, in
     * the same order and as the same kinds ({@link Schema#rawProblem()}): recorded once per class
     * (allocates, microseconds), then one compare per document while the class stays the same and
     * a lookup that allocates nothing when it changes. The check records the read side on a new
     * instance from {@link WireOptions#types()} when the class is registered there, otherwise on
     * {@code target} itself, before the read: no setter is called, but a value read in the direct
     * form ({@code id = in.read(ID).int64()}) is assigned its default, which the read that follows
     * overwrites (or leaves, when the check refuses the type). Register the type to keep that off
     * {@code target}. Typed objects inside the document are checked the same way, by class, on
     * their first read. A type whose methods throw while being recorded cannot be checked and is
     * read unchecked (each document's length is still checked).
     *
     * <p>On every wire, the first read of each class checks its fields as
     * {@link #writeDocument(Marshallable)} does, recorded from what {@code target} writes.
     *
     * <p>An exception that leaves a nested object, sequence or map (the input's
     * {@link WireException}, or the reading code's own) ends the document, also when the reading
     * code catches it outside that level: the wire is still inside it, so every read after it is
     * refused with an {@link IllegalStateException} whose cause is that exception, and the
     * document fails with it (a {@link WireException} with the path where it was raised) if the
     * code reads nothing more. A {@link WireException} caught at the level of the read itself
     * (around one field's or one sequence element's read) leaves the later reads their own values
     * or refuses them, never gives them a value out of the refused one's bytes: the refused value
     * is passed over whole, a nested sequence or map included. On NUMBERED the elements of
     * primitive kinds share one packed run, which carries no kinds, so an element read as another
     * kind gives a value of its bytes, as protobuf does; a value that would run past its run is
     * refused and the rest of the run passed over. To skip what a type cannot take, read it as its
     * own kind, or leave it to {@link Marshallable#unexpectedField}.
     *
     * @param target the object whose fields are set
     * @return false, reading nothing, when no document is left
     * @throws WireException on bad input; the read position then moves past the bad document, so
     *         the next call reads the next one (or returns false)
     * @throws IllegalStateException on RAW, for a type that reads in another order or as other
     *         kinds than it writes; on every wire, for a type two of whose fields share a number
     *         or a name (nothing is read, and the document stays where it is); for a read made
     *         after the reading code caught an exception that left a nested level of the document
     *         (the read position then moves past it); if called from inside a document this wire
     *         is reading (which then fails, as for any exception its reading code throws)
     */
    public boolean readDocument(Marshallable target) {
        beginRead("readDocument");
        try {
            return read(target);
        } finally {
            reading = false;
        }
    }

    private boolean read(Marshallable target) {
        checkFields(target);
        if (positional && target.getClass() != readOrderChecked && bytes.readRemaining() > 0) {
            ReadOrder.requireOnFirstRead(target, type, options.types());
            readOrderChecked = target.getClass();
        }
        int start = bytes.readPosition();
        try {
            in.startPath(target);
            if (!reader.startDocument()) {
                return false;
            }
            target.readMarshallable(in);
            in.endDocument(target);
            return true;
        } catch (WireException e) {
            WireException positioned = in.positioned(e);
            reader.recover(start);
            WireException named = in.withPath(positioned, target);
            in.endFailedDocument();
            throw named;
        } catch (RuntimeException | Error e) {
            reader.recover(start);
            in.endFailedDocument();
            throw e;
        }
    }

    /** Refuses a class whose fields clash ({@link FieldClashes}): recorded once per class, then one compare. */
    private void checkFields(Marshallable document) {
        if (document.getClass() != fieldsChecked) {
            FieldClashes.requireNoneOnFirstUse(document, type, options.types());
            fieldsChecked = document.getClass();
        }
    }

    /** As {@link #checkFields(Marshallable)}, per marshaller, recorded on an object it makes. */
    private void checkFields(Marshaller<?> marshaller) {
        if (marshaller != fieldsCheckedMarshaller) {
            FieldClashes.requireNoneOnFirstUse(marshaller, type, options.types());
            fieldsCheckedMarshaller = marshaller;
        }
    }

    /**
     * Appends {@code document}, of a type described by {@code marshaller}, as one document;
     * otherwise as {@link #writeDocument(Marshallable)}.
     *
     * @param <T> the document's type
     * @param document the object written
     * @param marshaller how the type is written
     * @throws NullPointerException if {@code document} is null
     * @throws IllegalStateException as {@link #writeDocument(Marshallable)}
     * @throws WireException as {@link #writeDocument(Marshallable)}
     */
    public <T> void writeDocument(T document, Marshaller<T> marshaller) {
        Objects.requireNonNull(document, "document");
        beginWrite("writeDocument");
        try {
            write(document, marshaller);
        } finally {
            writing = false;
        }
    }

    private <T> void write(T document, Marshaller<T> marshaller) {
        checkFields(marshaller);
        int start = bytes.writePosition();
        try {
            writer.startDocument();
            marshaller.write(document, out);
            writer.endDocument();
        } catch (RuntimeException | Error e) {
            writer.reset();
            bytes.writePosition(start);
            throw e;
        }
    }

    /**
     * Reads the next document through {@code marshaller}: into {@code reuse} for a mutable type
     * (a new instance from the marshaller's factory when {@code reuse} is null), into a new
     * instance for an immutable one, which allocates. Otherwise as
     * {@link #readDocument(Marshallable)}, the RAW check included: recorded once per marshaller
     * (on an object the marshaller makes, never on {@code reuse}), then one compare per document
     * while the marshaller stays the same.
     *
     * @param <T> the document's type
     * @param reuse the instance to read into, or null
     * @param marshaller how the type is read
     * @return the object read, or null, reading nothing, when no document is left
     * @throws WireException as {@link #readDocument(Marshallable)}
     * @throws IllegalStateException as {@link #readDocument(Marshallable)}
     */
    public <T> T readDocument(T reuse, Marshaller<T> marshaller) {
        beginRead("readDocument");
        try {
            return read(reuse, marshaller);
        } finally {
            reading = false;
        }
    }

    private <T> T read(T reuse, Marshaller<T> marshaller) {
        checkFields(marshaller);
        if (positional && marshaller != readOrderCheckedMarshaller && bytes.readRemaining() > 0) {
            ReadOrder.requireOnFirstRead(marshaller, type, options.types());
            readOrderCheckedMarshaller = marshaller;
        }
        int start = bytes.readPosition();
        try {
            in.startPath(marshaller);
            if (!reader.startDocument()) {
                return null;
            }
            T value = marshaller.read(reuse, in);
            in.endForeignDocument(value, marshaller);
            return value;
        } catch (WireException e) {
            WireException positioned = in.positioned(e);
            reader.recover(start);
            WireException named = in.withPath(positioned, marshaller);
            in.endFailedDocument();
            throw named;
        } catch (RuntimeException | Error e) {
            reader.recover(start);
            in.endFailedDocument();
            throw e;
        }
    }

    /**
     * Reads the next document as plain Java values, for tools, tests and conversion between wires:
     * a {@code Map} (insertion-ordered; keys are {@code String}s, or {@code Long}s on the numbered
     * wires), {@code List}, {@code String}, {@code Long} or {@code BigInteger}, {@code Double} or
     * {@code BigDecimal}, {@code Boolean}, {@code byte[]}, {@link Tagged} for a typed object,
     * {@link NumberedTag} and {@link SimpleValue} for a CBOR tag or simple value with no Java type
     * of its own, or null. A number no Java number type holds (JSON {@code 1e9999999999}) is a
     * {@link WireException}, not an infinity or a zero. Allocates; the typed path ({@link #readDocument}) is the one that does not. Keys that are
     * collections or {@link Tagged} values are read, at most {@link ReadLimits#maxComplexKeys} in
     * one mapping.
     *
     * @param sink receives the document's value
     * @return false, reading nothing, when no document is left; otherwise true after passing the
     *         document to {@code sink}
     * @throws WireException on bad input (the read position then moves past the bad document)
     * @throws IllegalStateException if called from inside a document this wire is reading
     * @throws UnsupportedOperationException on {@link WireType#RAW}, which carries no metadata
     */
    public boolean readValue(Consumer<Object> sink) {
        beginRead("readValue");
        int start = bytes.readPosition();
        try {
            return reader.readValue(sink);
        } catch (RuntimeException | Error e) {
            reader.recover(start);
            throw e;
        } finally {
            reading = false;
        }
    }

    /**
     * Reads the rest of the buffer as exactly one document of plain values (as {@link #readValue}),
     * for a file that holds one document: empty input (nothing, whitespace, a byte order mark
     * alone) and anything but whitespace after the document are errors, where {@link #readValue}
     * reads a stream and would return false, or read the rest as further documents. Allocates.
     *
     * @return the document's value (null for a document that is null)
     * @throws WireException if the input holds no document, a bad one, or something after it (the
     *         read position is then past what was read)
     * @throws UnsupportedOperationException on {@link WireType#RAW}, which carries no metadata
     */
    public Object readSingleValue() {
        Object[] value = new Object[1];
        int start = bytes.readPosition();
        if (!readValue(v -> value[0] = v)) {
            throw new WireException(type.name(), start, "one document, but the input holds none");
        }
        int after = bytes.readPosition();
        if (bytes.readRemaining() > 0 && readValue(v -> { })) {
            throw new WireException(type.name(), after,
                    "the end of the input after the one document, but another document follows");
        }
        return value[0];
    }

    /**
     * Writes plain Java values (as {@link #readValue} returns them; any {@code Number},
     * {@code CharSequence}, {@code Map}, {@code Collection} or array of those) as one document.
     * Atomic, like {@link #writeDocument}. Allocates.
     *
     * @param value a map, list, text, number, boolean, byte array, {@link Tagged},
     *              {@link NumberedTag}, {@link SimpleValue} or null
     * @throws IllegalArgumentException if the value holds something with no form on any wire (an
     *         object of an unknown class, a cycle)
     * @throws WireException if the value holds something this wire cannot express exactly: an
     *         unpaired surrogate on a wire whose text is UTF-8 (the binary wires; JSON and YAML
     *         escape it), a key JSON cannot hold or two keys written alike (see the JSON package),
     *         a {@link NumberedTag}, a {@link SimpleValue} or a NaN with a sign bit or payload on
     *         YAML or JSON
     * @throws UnsupportedOperationException on {@link WireType#RAW}, which carries no metadata, and on
     *         {@link WireType#NUMBERED}, whose encoding needs a protobuf type plain values do not give
     * @throws IllegalStateException if called from inside a document this wire is writing
     */
    public void writeValue(Object value) {
        beginWrite("writeValue");
        int start = bytes.writePosition();
        try {
            writer.writeValue(value);
        } catch (RuntimeException | Error e) {
            writer.reset();
            bytes.writePosition(start);
            throw e;
        } finally {
            writing = false;
        }
    }

    private void beginRead(String call) {
        if (reading) {
            throw MisplacedCalls.documentInsideDocument(call, "reading");
        }
        reading = true;
    }

    private void beginWrite(String call) {
        if (writing) {
            throw MisplacedCalls.documentInsideDocument(call, "writing");
        }
        writing = true;
    }

    @Override
    public String toString() {
        return "Wire[" + type + ", " + bytes + "]";
    }
}
