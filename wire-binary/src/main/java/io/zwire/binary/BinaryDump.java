package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Schema;
import io.zwire.WireType;
import io.zwire.binary.cbor.CborDump;
import io.zwire.binary.dump.AnnotatedHex;
import io.zwire.binary.proto.ProtoDump;
import io.zwire.binary.raw.RawDump;

import java.util.Objects;

/**
 * Binary documents for humans: each document as annotated hex, one line per value with its
 * offset, its bytes and what they mean.
 *
 * <pre>{@code
 * String dump = BinaryDump.annotate(WireType.NUMBERED, wire.bytes(), 0, null);
 *
 * 0000  cd 80 80 80 00             document, 77 bytes (length padded to 5 bytes)
 * 0005  08 82 89 7a                  1: varint 2000002 (sint 1000001)
 * 0009  12 06 45 55 52 55 53 44      2: string "EURUSD"
 * ...
 * }</pre>
 *
 * <p>BINARY and NUMBERED describe themselves, so their dumps need no schema: BINARY shows field
 * names, CBOR types and values; NUMBERED shows field numbers, wire types and the raw readings of
 * each value (a varint as unsigned and zig-zag, fixed64 as a double, length-delimited values as
 * text, a nested message or bytes, as the bytes suggest). RAW carries nothing but the values, so
 * it needs the writer's {@link Schema} (from {@link Schema#of}), which supplies the names and
 * kinds. For a YAML view of a self-describing document, read it with
 * {@link io.zwire.Wire#readValue} and write the value to a YAML wire.
 *
 * <p>Stateless; positions of the {@link Bytes} never move. Malformed input is not an exception
 * here: the dump shows what could be read and ends with a line, starting {@code !!}, naming the
 * problem and its offset. Allocates freely: this is a tool.
 */
public final class BinaryDump {
    private BinaryDump() {
    }

    /**
     * The annotated hex of the one document that starts at {@code offset}.
     *
     * @param type the wire the document was written in
     * @param bytes the buffer holding the document; its positions are not moved
     * @param offset where the document starts
     * @param schema the writer's schema: required for {@link WireType#RAW}, ignored (may be null)
     *               for {@link WireType#BINARY} and {@link WireType#NUMBERED}
     * @throws IllegalArgumentException for a text wire, or for RAW without a schema
     * @return the annotated hex, one line per value
     * @throws IndexOutOfBoundsException unless {@code 0 <= offset < bytes.writePosition()}
     */
    public static String annotate(WireType type, Bytes bytes, int offset, Schema schema) {
        AnnotatedHex out = new AnnotatedHex(bytes);
        document(type, bytes, offset, schema, out);
        return out.toString();
    }

    /**
     * As {@link #annotate(WireType, Bytes, int, Schema)}, for the self-describing BINARY and NUMBERED.
     *
     * @param type the wire the document was written in
     * @param bytes the buffer holding the document; its positions are not moved
     * @param offset where the document starts
     * @return the annotated hex, one line per value
     * @throws IllegalArgumentException for a text wire or RAW
     */
    public static String annotate(WireType type, Bytes bytes, int offset) {
        return annotate(type, bytes, offset, null);
    }

    /**
     * Every document from the read position to the write position, each dump followed by an empty
     * line. A malformed document ends the dump, since where the next one starts is unknown.
     *
     * @param type the wire the documents were written in
     * @param bytes the buffer holding them; its positions are not moved
     * @param schema the writer's schema, as for {@link #annotate(WireType, Bytes, int, Schema)}
     * @return the documents' dumps, each followed by an empty line
     * @throws IllegalArgumentException as {@link #annotate(WireType, Bytes, int, Schema)} does
     */
    public static String annotateAll(WireType type, Bytes bytes, Schema schema) {
        AnnotatedHex out = new AnnotatedHex(bytes);
        int offset = bytes.readPosition();
        while (offset < bytes.writePosition()) {
            offset = document(type, bytes, offset, schema, out);
            out.blankLine();
        }
        return out.toString();
    }

    private static int document(WireType type, Bytes bytes, int offset, Schema schema, AnnotatedHex out) {
        Objects.checkIndex(offset, bytes.writePosition());
        return switch (type) {
            case BINARY -> CborDump.dump(bytes, offset, out);
            case NUMBERED -> ProtoDump.dump(bytes, offset, out);
            case RAW -> {
                if (schema == null) {
                    throw new IllegalArgumentException("RAW carries no names or types: dumping it needs the writer's Schema");
                }
                yield RawDump.dump(bytes, offset, schema, out);
            }
            default -> throw new IllegalArgumentException(type + " is a text wire: its documents are readable as they are");
        };
    }
}
