package io.zwire.aeron;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.WireType;

import java.nio.charset.StandardCharsets;

/**
 * The bytes in front of every document a {@link WirePublication} publishes, little-endian. Aeron
 * subscribers join late and publications choose their wire, so each message says how to read
 * itself rather than relying on a first message the subscriber may never see:
 *
 * <pre>
 *  0       1         2      3          4          8          16            24
 *  +-------+---------+------+----------+----------+----------+-------------+----------+
 *  | magic | version | wire | reserved | document | type id  | fingerprint | document |
 *  | 'z'   | 2       | code | 0        | length   | int64    | int64       | bytes    |
 *  |       |         |      |          | int32    |          |             |          |
 *  +-------+---------+------+----------+----------+----------+-------------+----------+
 * </pre>
 *
 * <ul>
 *   <li>wire code: {@link WireType#code()}, fixed numbers independent of the enum's order;
 *   <li>document length: the bytes of the document that follow; the fragment may be longer (a
 *       claim is sized to the largest document of the type so far, see {@link WirePublication});
 *   <li>type id: {@link #typeId(String)} of the type's alias, so it does not depend on the order
 *       types were registered in. It is 64 bits so that two processes' registries, which never
 *       see each other's aliases, do not collide by chance: among n aliases the odds of any two
 *       sharing an id are about n&sup2;/2<sup>65</sup> (10<sup>-13</sup> for a thousand). A
 *       subscriber reads only ids of its own types and refuses the rest; collisions within one
 *       registry are refused when the types are set up;
 *   <li>fingerprint: the sender's {@link io.zwire.Schema#fingerprint()} of that type, which a
 *       subscriber compares before reading {@link WireType#RAW}.
 * </ul>
 * The reserved byte is written as 0 and ignored on reading. The 24 bytes are a multiple of 8, so
 * the fixed-width fields of a RAW document stay aligned. Version 1 (a 32-bit type id) is refused.
 */
public final class MessageHeader {
    /** Offset of the magic byte, {@link #MAGIC}. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the header layout's version, {@link #VERSION}. */
    public static final int VERSION_OFFSET = 1;
    /** Offset of the wire code ({@link WireType#code()}), one byte. */
    public static final int WIRE_OFFSET = 2;
    /** Offset of the reserved byte, written as 0. */
    public static final int RESERVED_OFFSET = 3;
    /** Offset of the document's length in bytes, an int32. */
    public static final int DOCUMENT_LENGTH_OFFSET = 4;
    /** Offset of the message type id ({@link #typeId(String)}), an int64. */
    public static final int TYPE_ID_OFFSET = 8;
    /** Offset of the sender's schema fingerprint of the type, an int64. */
    public static final int FINGERPRINT_OFFSET = 16;
    /** Bytes before the document; a multiple of 8 so fixed-width fields of a RAW document stay aligned. */
    public static final int LENGTH = 24;
    /** The first byte of every message: {@code 'z'}. */
    public static final byte MAGIC = 'z';
    /** The layout this class draws. */
    public static final byte VERSION = 2;

    private static final String HEADER = "Aeron message header";
    private static final long FNV_OFFSET_BASIS = 0xCBF29CE484222325L;
    private static final long FNV_PRIME = 0x100000001B3L;

    private MessageHeader() {
    }

    /**
     * The type id of an alias: the 64-bit FNV-1a hash of its UTF-8 bytes. Stable across
     * processes, releases and registration order. Allocates (called when types are set up).
     *
     * @param alias the type's alias in its {@link io.zwire.TypeRegistry}
     * @return the id
     */
    public static long typeId(String alias) {
        long hash = FNV_OFFSET_BASIS;
        for (byte b : alias.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xFF)) * FNV_PRIME;
        }
        return hash;
    }

    /**
     * Writes a header at {@code bytes}' write position, moving it past the header, with a document
     * length of 0 to be patched by {@link #patchDocumentLength}.
     */
    static void write(Bytes bytes, WireType wire, long typeId, long fingerprint) {
        bytes.ensureWritable(LENGTH);
        int start = bytes.writePosition();
        bytes.writePosition(start + LENGTH)
                .writeInt8At(start + MAGIC_OFFSET, MAGIC)
                .writeInt8At(start + VERSION_OFFSET, VERSION)
                .writeInt8At(start + WIRE_OFFSET, wire.code())
                .writeInt8At(start + RESERVED_OFFSET, 0)
                .writeInt32At(start + DOCUMENT_LENGTH_OFFSET, 0)
                .writeInt64At(start + TYPE_ID_OFFSET, typeId)
                .writeInt64At(start + FINGERPRINT_OFFSET, fingerprint);
    }

    /** Sets the document length of the header at {@code headerStart}, from where the document ends. */
    static void patchDocumentLength(Bytes bytes, int headerStart) {
        bytes.writeInt32At(headerStart + DOCUMENT_LENGTH_OFFSET, bytes.writePosition() - headerStart - LENGTH);
    }

    /**
     * Checks the header at the start of the {@code length} readable bytes of {@code message}:
     * long enough, the magic, this version, a document length within the message. Allocates
     * only the exception.
     *
     * @throws WireException naming the offset of what is wrong
     */
    static void check(Bytes message, int length) {
        if (length < LENGTH) {
            throw problem(length, "a message of at least " + LENGTH + " bytes (the header), found " + length);
        }
        if (message.readInt8At(MAGIC_OFFSET) != MAGIC) {
            throw problem(MAGIC_OFFSET, "the magic byte 'z', found 0x"
                    + Integer.toHexString(message.readUint8At(MAGIC_OFFSET)));
        }
        if (message.readInt8At(VERSION_OFFSET) != VERSION) {
            throw problem(VERSION_OFFSET, "header version " + VERSION + ", found "
                    + message.readUint8At(VERSION_OFFSET));
        }
        int documentLength = documentLength(message);
        if (documentLength < 0 || documentLength > length - LENGTH) {
            throw problem(DOCUMENT_LENGTH_OFFSET, "a document length within the "
                    + (length - LENGTH) + " bytes after the header, found " + documentLength);
        }
    }

    /** The wire a checked header names; throws {@link WireException} for a code that names none. */
    static WireType wire(Bytes message) {
        int code = message.readUint8At(WIRE_OFFSET);
        WireType wire = WireType.ofCode(code);
        if (wire == null) {
            throw problem(WIRE_OFFSET, "a wire code from 1 to 6, found " + code);
        }
        return wire;
    }

    static int documentLength(Bytes message) {
        return message.readInt32At(DOCUMENT_LENGTH_OFFSET);
    }

    static long typeId(Bytes message) {
        return message.readInt64At(TYPE_ID_OFFSET);
    }

    static long fingerprint(Bytes message) {
        return message.readInt64At(FINGERPRINT_OFFSET);
    }

    /** A {@link WireException} about the header at {@code offset}, for what the subscriber checks beyond the layout. */
    static WireException problem(int offset, String expected) {
        return new WireException(HEADER, offset, expected);
    }
}
