package io.zwire.binary.proto;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import io.zwire.testkit.FuzzComposites;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.Oracles;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayInputStream;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of the NUMBERED (protobuf encoding) reader (docs/fuzzing.md): typed reads
 * as Order and AllTypes and plain-value reads of any bytes give a value or a WireException; an
 * Order the typed read accepts is the Order protobuf-java reads from the same bytes with
 * {@code mergeDelimitedFrom} against the Order descriptor, and a document the plain-value read
 * accepts is one well-formed length-delimited message to protobuf-java. {@link #numberedComposite}
 * reads a {@link MapBook}, whose maps protobuf-java reads as map fields, and the composite types
 * (maps, foreign types, records: {@link FuzzComposites}), which no descriptor here describes, with
 * the re-encode check.
 */
@ExtendWith(Oracles.PrintSummary.class)
class ProtoFuzzTest {
    /**
     * protobuf-java checks the UTF-8 of every occurrence of a string field, the typed read only of
     * the one it reads, the last (an earlier one is skipped by its length, as protobuf-java skips
     * unknown fields): no Order is compared for a document protobuf refuses for this reason. That
     * the typed read refuses bad UTF-8 in what it reads is ProtoBadInputTest.invalidUtf8InText.
     */
    private static final String BAD_UTF8 = "invalid UTF-8";
    private static final String PROTOBUF = "protobuf-java";

    @FuzzTest
    @Timeout(10)
    void numbered(byte[] input) throws Exception {
        FuzzReads.typed(WireType.NUMBERED, input, Order::new, ProtoFuzzTest::agreesWithProtobuf);
        FuzzReads.typed(WireType.NUMBERED, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(WireType.NUMBERED, input, ProtoFuzzTest::wellFormedToProtobuf);
    }

    @FuzzTest
    @Timeout(10)
    void numberedComposite(byte[] input) throws Exception {
        FuzzReads.typed(WireType.NUMBERED, input, MapBook::new, ProtoFuzzTest::mapsAgreeWithProtobuf);
        FuzzComposites.read(WireType.NUMBERED, input, FuzzComposites.NO_ORACLE);
    }

    private static void agreesWithProtobuf(byte[] input, int start, int end, Order read) throws Exception {
        DynamicMessage message = protobufsMessage(ProtoModel.ORDER, input, start, end);
        if (message != null) {
            assertEquals(ProtoModel.toOrder(message), read, () -> "the typed read of " + HexFormat.of().formatHex(input, start, end));
        }
    }

    /**
     * The typed read of a MapBook agrees with protobuf's map fields: the same entries, the last
     * value of a key kept on both sides (protobuf does not promise to keep the order of entries).
     */
    private static void mapsAgreeWithProtobuf(byte[] input, int start, int end, MapBook read) throws Exception {
        DynamicMessage message = protobufsMessage(ProtoMapBook.BOOK, input, start, end);
        if (message != null) {
            assertEquals(ProtoMapBook.asMaps(ProtoMapBook.toBook(message)), ProtoMapBook.asMaps(read),
                    () -> "the typed read of " + HexFormat.of().formatHex(input, start, end));
        }
    }

    /**
     * protobuf-java's message of {@code type} in the length-delimited document, which must end where
     * the typed read's did, or null where protobuf refuses bad UTF-8 in an occurrence the typed read
     * skips (see {@link #BAD_UTF8}).
     */
    private static DynamicMessage protobufsMessage(Descriptor type, byte[] input, int start, int end) throws Exception {
        String document = HexFormat.of().formatHex(input, start, end);
        return Oracles.consult(PROTOBUF, () -> {
            ByteArrayInputStream stream = new ByteArrayInputStream(input, start, end - start);
            DynamicMessage.Builder message = DynamicMessage.newBuilder(type);
            try {
                assertTrue(message.mergeDelimitedFrom(stream), () -> "protobuf found a message in " + document);
            } catch (InvalidProtocolBufferException e) {
                if (e.getMessage().contains(BAD_UTF8)) {
                    Oracles.refused(PROTOBUF);
                    return null;
                }
                throw e;
            }
            assertEquals(0, stream.available(), () -> "protobuf's message ends where the typed read's does: " + document);
            return message.build();
        });
    }

    private static void wellFormedToProtobuf(byte[] input, int start, int end, Object value) throws Exception {
        String document = HexFormat.of().formatHex(input, start, end);
        Oracles.consult(PROTOBUF, () -> {
            ByteArrayInputStream stream = new ByteArrayInputStream(input, start, end - start);
            assertTrue(UnknownFieldSet.newBuilder().mergeDelimitedFrom(stream), () -> "protobuf found a message in " + document);
            assertEquals(0, stream.available(), () -> "protobuf's message ends where the plain read's does: " + document);
            return null;
        });
    }
}
