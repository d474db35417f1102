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

    @Test
    void cborFieldAndValueMethodsInline() {
        BytecodeSizes.of("io.zwire.binary.cbor.CborWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "field", "fastInteger")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_READS);
        BytecodeSizes.of("io.zwire.binary.cbor.CborWireWriter")
                .assertAtMost(FREQ_INLINE_SIZE, "field")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
        BytecodeSizes.of("io.zwire.binary.cbor.CborOutput").assertAtMost(FREQ_INLINE_SIZE, "integer");
    }

    @Test
    void protobufFieldAndValueMethodsInline() {
        BytecodeSizes.of("io.zwire.binary.proto.ProtoWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "field", "fastVarint")
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
