package io.zwire;

import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

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
 * <p>Not thread-safe: one wire per thread or per session. Reading and writing allocate nothing in
 * steady state.
 */
public final class Wire {
    private final WireType type;
    private final Bytes bytes;
    private final WireOptions options;
    private final WireReader reader;
    private final WireWriter writer;
    private final WireIn in;
    private final WireOut out;

    Wire(WireType type, Bytes bytes, WireOptions options, WireReader reader, WireWriter writer) {
        this.type = type;
        this.bytes = bytes;
        this.options = options;
        this.reader = reader;
        this.writer = writer;
        this.in = new WireIn(type, reader, options.types());
        this.out = new WireOut(type, writer, options.types());
    }

    /** The wire type. */
    public WireType type() {
        return type;
    }

    /** The buffer this wire reads and writes. */
    public Bytes bytes() {
        return bytes;
    }

    /** The options this wire was created with. */
    public WireOptions options() {
        return options;
    }

    /**
     * Appends {@code document} as one document. Atomic: if writing throws (a full fixed-size
     * buffer, an exception from the user's code), the buffer is left as it was before the call and
     * the exception propagates.
     */
    public void writeDocument(Marshallable document) {
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
     * @return false, reading nothing, when no document is left
     * @throws WireException on bad input; the read position then moves past the bad document, so
     *         the next call reads the next one (or returns false)
     */
    public boolean readDocument(Marshallable target) {
        int start = bytes.readPosition();
        try {
            if (!reader.startDocument()) {
                return false;
            }
            target.readMarshallable(in);
            reader.endDocument(target, in.elements());
            return true;
        } catch (RuntimeException | Error e) {
            reader.recover(start);
            throw e;
        }
    }

    /** The writing facade, for code that writes fields outside {@link #writeDocument}. */
    public WireOut out() {
        return out;
    }

    /** The reading facade. */
    public WireIn in() {
        return in;
    }

    @Override
    public String toString() {
        return "Wire[" + type + ", " + bytes + "]";
    }
}
