package io.zwire.binary;

import io.zwire.testkit.BytecodeSizes;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BytecodeSizes.FREQ_INLINE_SIZE;
import static io.zwire.testkit.BytecodeSizes.VALUE_READS;
import static io.zwire.testkit.BytecodeSizes.VALUE_WRITES;

/**
 * The binary wires' per-field methods stay within the size C2 inlines at a hot call site, so a
 * type with many fields keeps its reads and writes inlined into its readMarshallable and
 * writeMarshallable (the readers' comments on fastInteger and fastVarint say why it matters).
 */
class InliningBudgetTest {
    /** The value reads the shared reader core implements once for every keyed wire: the integer narrowings. */
    private static final String[] CORE_VALUE_READS = {"int8", "int16", "uint16", "int32", "int64"};
    /** The rest of {@link BytecodeSizes#VALUE_READS}, which a keyed wire implements itself. */
    private static final String[] OWN_VALUE_READS = {"char16", "float32", "float64", "bool", "text", "asEnum"};

    @Test
    void cborFieldAndValueMethodsInline() {
        BytecodeSizes.of("io.zwire.binary.cbor.CborWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "find", "fastInteger", "integer")
                .assertAtMost(FREQ_INLINE_SIZE, OWN_VALUE_READS);
        BytecodeSizes.of("io.zwire.internal.KeyedWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "field", "at", "ranged")
                .assertAtMost(FREQ_INLINE_SIZE, CORE_VALUE_READS);
        BytecodeSizes.of("io.zwire.binary.cbor.CborWireWriter")
                .assertAtMost(FREQ_INLINE_SIZE, "field")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
        BytecodeSizes.of("io.zwire.binary.cbor.CborOutput").assertAtMost(FREQ_INLINE_SIZE, "integer");
    }

    @Test
    void protobufFieldAndValueMethodsInline() {
        BytecodeSizes.of("io.zwire.binary.proto.ProtoLevels").assertAtMost(FREQ_INLINE_SIZE, "field", "valueAt");
        BytecodeSizes.of("io.zwire.binary.proto.ProtoWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "fastVarint")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_READS);
        BytecodeSizes.of("io.zwire.binary.proto.ProtoInput").assertAtMost(FREQ_INLINE_SIZE, "varint", "tag");
        BytecodeSizes.of("io.zwire.binary.proto.ProtoWireWriter")
                .assertAtMost(FREQ_INLINE_SIZE, "field")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
        BytecodeSizes.of("io.zwire.binary.proto.ProtoOutput").assertAtMost(FREQ_INLINE_SIZE, "varintField");
    }

    @Test
    void rawValueMethodsInline() {
        BytecodeSizes.of("io.zwire.binary.raw.RawWireReader").assertAtMost(FREQ_INLINE_SIZE, VALUE_READS);
        BytecodeSizes.of("io.zwire.binary.raw.RawWireWriter").assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
    }
}
