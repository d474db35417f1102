package io.zwire.binary.proto;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.zwire.WireType;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Order;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of the NUMBERED (protobuf encoding) reader (docs/fuzzing.md): typed reads
 * as Order and AllTypes and plain-value reads of any bytes give a value or a WireException; an
 * Order the typed read accepts is the Order protobuf-java reads from the same bytes with
 * {@code mergeDelimitedFrom} against the Order descriptor, and a document the plain-value read
 * accepts is one well-formed length-delimited message to protobuf-java.
 */
class ProtoFuzzTest {
    /**
     * protobuf-java checks the UTF-8 of every occurrence of a string field, the typed read only of
     * the one it reads, the last (an earlier one is skipped by its length, as protobuf-java skips
     * unknown fields): no Order is compared for a document protobuf refuses for this reason. That
     * the typed read refuses bad UTF-8 in what it reads is ProtoBadInputTest.invalidUtf8InText.
     */
    private static final String BAD_UTF8 = "invalid UTF-8";

    @FuzzTest
    @Timeout(10)
    void numbered(byte[] input) throws Exception {
        FuzzReads.typed(WireType.NUMBERED, input, Order::new, ProtoFuzzTest::agreesWithProtobuf);
        FuzzReads.typed(WireType.NUMBERED, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(WireType.NUMBERED, input, ProtoFuzzTest::wellFormedToProtobuf);
    }

    private static void agreesWithProtobuf(byte[] input, int start, int end, Order read) throws IOException {
        String document = HexFormat.of().formatHex(input, start, end);
        ByteArrayInputStream stream = new ByteArrayInputStream(input, start, end - start);
        DynamicMessage.Builder message = DynamicMessage.newBuilder(ProtoModel.ORDER);
        try {
            assertTrue(message.mergeDelimitedFrom(stream), () -> "protobuf found a message in " + document);
        } catch (InvalidProtocolBufferException e) {
            if (e.getMessage().contains(BAD_UTF8)) {
                return;
            }
            throw e;
        }
        assertEquals(0, stream.available(), () -> "protobuf's message ends where the typed read's does: " + document);
        assertEquals(ProtoModel.toOrder(message.build()), read, () -> "the typed read of " + document);
    }

    private static void wellFormedToProtobuf(byte[] input, int start, int end, Object value) throws IOException {
        String document = HexFormat.of().formatHex(input, start, end);
        ByteArrayInputStream stream = new ByteArrayInputStream(input, start, end - start);
        assertTrue(UnknownFieldSet.newBuilder().mergeDelimitedFrom(stream), () -> "protobuf found a message in " + document);
        assertEquals(0, stream.available(), () -> "protobuf's message ends where the plain read's does: " + document);
    }
}
