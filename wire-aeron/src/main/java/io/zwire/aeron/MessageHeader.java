package io.zwire.aeron;

import io.zwire.Bytes;
import io.zwire.WireType;

import java.nio.charset.StandardCharsets;

/**
 * The bytes in front of every document a {@link WirePublication} publishes, little-endian. Aeron
 * subscribers join late and publications choose their wire, so each message says how to read
 * itself rather than relying on a first message the subscriber may never see:
 *
 * <pre>
 *  0       1         2      3          4         8              16          20         24
 *  +-------+---------+------+----------+---------+--------------+-----------+----------+----------+
 *  | magic | version | wire | reserved | type id | fingerprint  | document  | reserved | document |
 *  | 'z'   | 1       | code | 0        | int32   | int64        | length    | 0        | bytes    |
 *  +-------+---------+------+----------+---------+--------------+-----------+----------+----------+
 * </pre>
 *
 * <ul>
 *   <li>wire code: {@link #wireCode(WireType)}, fixed numbers independent of the enum's order;
 *   <li>type id: {@link #typeId(String)} of the type's alias, so it does not depend on the order
 *       types were registered in (collisions are refused when the types are set up);
 *   <li>fingerprint: the sender's {@link io.zwire.Schema#fingerprint()} of that type, which a
 *       subscriber compares before reading {@link WireType#RAW};
 *   <li>document length: the bytes of the document that follow; the fragment may be longer (a
 *       claim is sized to the largest document of the type so far, see {@link WirePublication}).
 * </ul>
 * Reserved bytes are written as 0 and ignored on reading.
 */
public final class MessageHeader {
    /** Offset of the magic byte, {@link #MAGIC}. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the header layout's version, {@link #VERSION}. */
    public static final int VERSION_OFFSET = 1;
    /** Offset of the wire code ({@link #wireCode(WireType)}), one byte. */
    public static final int WIRE_OFFSET = 2;
    /** Offset of the message type id ({@link #typeId(String)}), an int32. */
    public static final int TYPE_ID_OFFSET = 4;
    /** Offset of the sender's schema fingerprint of the type, an int64. */
    public static final int FINGERPRINT_OFFSET = 8;
    /** Offset of the document's length in bytes, an int32. */
    public static final int DOCUMENT_LENGTH_OFFSET = 16;
    /** Bytes before the document; a multiple of 8 so fixed-width fields of a RAW document stay aligned. */
    public static final int LENGTH = 24;
    /** The first byte of every message: {@code 'z'}. */
    public static final byte MAGIC = 'z';
    /** The layout this class draws. */
    public static final byte VERSION = 1;

    /** Wire codes, indexed by code; index 0 is no wire. Fixed: a code never changes meaning. */
    private static final WireType[] WIRES_BY_CODE = {
        null, WireType.YAML, WireType.YAML_NUMBERED, WireType.JSON, WireType.BINARY, WireType.NUMBERED, WireType.RAW,
    };
    private static final int FNV_OFFSET_BASIS = 0x811C9DC5;
    private static final int FNV_PRIME = 0x01000193;

    private MessageHeader() {
    }

    /**
     * The code that names {@code wire} in the header: YAML 1, YAML_NUMBERED 2, JSON 3, BINARY 4,
     * NUMBERED 5, RAW 6. Allocates nothing.
     *
     * @param wire the wire
     * @return its code, 1 to 6
     */
    public static int wireCode(WireType wire) {
        for (int code = 1; code < WIRES_BY_CODE.length; code++) {
            if (WIRES_BY_CODE[code] == wire) {
                return code;
            }
        }
        throw new IllegalArgumentException("no wire code for " + wire);
    }

    /**
     * The wire a code names. Allocates nothing.
     *
     * @param code a wire code from a header
     * @return the wire, or null for a code that names none
     */
    public static WireType wireOf(int code) {
        return code > 0 && code < WIRES_BY_CODE.length ? WIRES_BY_CODE[code] : null;
    }

    /**
     * The type id of an alias: the 32-bit FNV-1a hash of its UTF-8 bytes. Stable across
     * processes, releases and registration order. Allocates (called when types are set up).
     *
     * @param alias the type's alias in its {@link io.zwire.TypeRegistry}
     * @return the id
     */
    public static int typeId(String alias) {
        int hash = FNV_OFFSET_BASIS;
        for (byte b : alias.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xFF)) * FNV_PRIME;
        }
        return hash;
    }

    /** Writes a header at {@code bytes}' write position with a document length of 0, to be patched by {@link #patchDocumentLength}. */
    static void write(Bytes bytes, int wireCode, int typeId, long fingerprint) {
        bytes.writeInt8(MAGIC).writeInt8(VERSION).writeInt8(wireCode).writeInt8(0)
                .writeInt32(typeId).writeInt64(fingerprint).writeInt32(0).writeInt32(0);
    }

    /** Sets the document length of the header at {@code headerStart}, from where the document ends. */
    static void patchDocumentLength(Bytes bytes, int headerStart) {
        bytes.writeInt32At(headerStart + DOCUMENT_LENGTH_OFFSET, bytes.writePosition() - headerStart - LENGTH);
    }
}
