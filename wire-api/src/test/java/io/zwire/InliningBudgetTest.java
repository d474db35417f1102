package io.zwire;

import io.zwire.internal.BytesAccess;
import io.zwire.internal.FieldAccess;
import io.zwire.internal.FieldNames;
import io.zwire.testkit.BytecodeSizes;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BytecodeSizes.FREQ_INLINE_SIZE;
import static io.zwire.testkit.BytecodeSizes.MAX_INLINE_SIZE;

/**
 * Bytes' accessors and per-value reads and writes stay small enough for C2 to inline them into
 * every field of a reader or writer: each keeps its fast path in the method and its general path
 * (a buffer, growth, a long varint, a long name) in a method of its own.
 */
class InliningBudgetTest {

    /** Position getters are called from cold code as well as hot: tiny enough to inline anywhere. */
    @Test
    void positionAccessorsInlineAtAnyCallSite() {
        BytecodeSizes.of(Bytes.class).assertAtMost(MAX_INLINE_SIZE,
                "readPosition()", "writePosition()", "readRemaining()", "writeRemaining()");
    }

    @Test
    void perValueReadsAndWritesInlineAtHotCallSites() {
        BytecodeSizes.of(Bytes.class).assertAtMost(FREQ_INLINE_SIZE,
                "writeInt8", "writeInt16", "writeInt32", "writeInt64", "writeFloat32", "writeFloat64",
                "readInt8", "readUint8", "readInt16", "readUint16", "readInt32", "readInt64",
                "readFloat32", "readFloat64", "readVarint", "writeVarint", "readInt8At", "readUint8At",
                "readInt16At", "readInt32At", "readInt64At", "writeInt8At", "writeInt16At", "writeInt32At",
                "writeInt64At");
    }

    /**
     * The checks and the array-or-buffer access every per-value method of Bytes calls live in
     * BytesStorage: each adds an inlining level below the per-value method, which costs nothing
     * only while C2 inlines it at any call site, hot or not.
     */
    @Test
    void storageChecksAndAccessInlineAtAnyCallSite() {
        BytecodeSizes.of(BytesStorage.class).assertAtMost(MAX_INLINE_SIZE,
                "readStart", "writeStart", "checkWritten", "byteAt", "int16At", "int32At", "int64At",
                "putByte", "putInt16", "putInt32", "putInt64");
    }

    /** The named wires match and write a field's name once per field. */
    @Test
    void fieldNameMatchAndWriteInlineAtHotCallSites() {
        BytecodeSizes.of(FieldNames.class).assertAtMost(FREQ_INLINE_SIZE, "nameEquals", "writeName", "rangeEquals");
        BytecodeSizes.of(Field.class).assertAtMost(FREQ_INLINE_SIZE, "nameAt");
    }

    /**
     * A name matched on input is reached in one accessor call, not one per datum it reads: each
     * call is two inlining levels in every field a named wire reads, and the nodes they take count
     * against the budget at which C2 stops inlining a user's readMarshallable.
     */
    @Test
    void nameMatchReachesTheFieldInOneAccessorCall() {
        BytecodeSizes.of(FieldNames.class).assertAtMost(MAX_INLINE_SIZE, "nameEquals");
    }

    /** Hooks on the hot path of every field name: tiny enough to inline anywhere. */
    @Test
    void accessHooksInlineAtAnyCallSite() {
        BytecodeSizes.of(BytesAccess.class).assertAtMost(MAX_INLINE_SIZE, "array");
        BytecodeSizes.of(FieldAccess.class).assertAtMost(MAX_INLINE_SIZE, "utf8", "nameWord", "nameMask", "nameAt");
    }

    /**
     * DocumentReader is between every read of a user's readMarshallable and the wire: each of its
     * per-field methods, with the handler that abandons a document whose reading code catches an
     * exception, stays small enough to inline at any call site, and the setter forms at hot ones.
     */
    @Test
    void documentReadersPerFieldMethodsInlineWithTheirHandlers() {
        BytecodeSizes sizes = BytecodeSizes.of(DocumentReader.class);
        sizes.assertAtMost(MAX_INLINE_SIZE, "read");
        for (String read : BytecodeSizes.VALUE_READS) {
            sizes.assertAtMost(MAX_INLINE_SIZE, read.equals("asEnum") ? "asEnum(Ljava/lang/Class;)" : read + "()");
            sizes.assertAtMost(FREQ_INLINE_SIZE, read);
        }
        sizes.assertAtMost(MAX_INLINE_SIZE, "isNull", "hasNextElement");
    }
}
