package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.WorkBound;
import io.zwire.example.Order;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static io.zwire.testkit.BadInput.rejectsThenReadsTheNext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After a document whose framing is damaged, each binary wire finds the next document instead of
 * skipping to the end of the buffer, and never reads a piece of the next document as a document.
 */
class ResynchronisationTest {
    private static final WireOptions OPTIONS = WireOptions.defaults();

    private static byte[] document(WireType type, Order order) {
        Bytes bytes = Bytes.elastic(128);
        type.apply(bytes).writeDocument(order);
        return bytes.toByteArray();
    }

    @Test
    void aCborDocumentThatIsNotWellFormedIsFollowedByTheNextDocument() {
        // additional info 28 is reserved: no decoder can tell where this map ends
        byte[] bad = HexFormat.of().parseHex("bf61611cff");
        rejectsThenReadsTheNext(WireType.BINARY, OPTIONS, bad, Order::new, 3, "a valid additional info");
    }

    /**
     * Regression: once a refusal moved the cursor to the end of the input, the search after a
     * damaged document was charged the rest of the input for each malformed candidate, ran out of
     * budget after a few, and lost every document after them.
     */
    @Test
    void aCborSearchPastManyMalformedCandidatesFindsTheDocumentsAfterThem() {
        byte[] bad = HexFormat.of().parseHex("bf61611c" + "a1ff".repeat(16));
        byte[] good = document(WireType.BINARY, Order.sample());
        int goods = 8192 / good.length + 1;
        byte[] stream = Arrays.copyOf(bad, bad.length + goods * good.length);
        for (int i = 0; i < goods; i++) {
            System.arraycopy(good, 0, stream, bad.length + i * good.length, good.length);
        }
        Wire wire = WireType.BINARY.apply(Bytes.wrap(stream));
        assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        int read = 0;
        while (true) {
            Order order = new Order();
            try {
                if (!wire.readDocument(order)) {
                    break;
                }
                if (order.equals(Order.sample())) {
                    read++;
                }
            } catch (WireException damaged) {
                // A malformed candidate refused on its own read: the search goes on after it.
            }
        }
        assertEquals(goods, read);
    }

    @Test
    void aCborDocumentMissingItsBreakIsFollowedByTheNextDocumentOnThePlainValuePath() {
        byte[] bad = HexFormat.of().parseHex("bf616101616202");
        byte[] good = document(WireType.BINARY, Order.sample());
        byte[] stream = new byte[bad.length + good.length];
        System.arraycopy(bad, 0, stream, 0, bad.length);
        System.arraycopy(good, 0, stream, bad.length, good.length);
        Wire wire = WireType.BINARY.apply(Bytes.wrap(stream));
        assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        List<Object> values = new ArrayList<>();
        assertTrue(wire.readValue(values::add));
        assertEquals(1_000_001L, ((Map<?, ?>) values.get(0)).get("id"));
    }

    /**
     * Without a nested message: one at the end of the damaged document would look like a
     * document too, and be tried first (its read then fails, and the next one is the document
     * after it; {@code io.zwire.crosswire.UnframedStreamTest} counts such cases).
     */
    @Test
    void aNumberedDocumentWhoseLengthIsDamagedIsFollowedByTheNextDocument() {
        byte[] bad = document(WireType.NUMBERED, new Order(7L, "EURUSD", 1.5, 100, Side.BUY, null));
        bad[3] = (byte) 0xFF;
        rejectsThenReadsTheNext(WireType.NUMBERED, OPTIONS, bad, Order::new, 0, "a document length within");
    }

    @Test
    void aNumberedDocumentRefusedOnThePlainValuePathIsFollowedByTheNextDocument() {
        // a body whose only field has the number 0, which protobuf does not allow
        byte[] bad = HexFormat.of().parseHex("82808080000001");
        byte[] good = document(WireType.NUMBERED, Order.sample());
        byte[] stream = new byte[bad.length + good.length];
        System.arraycopy(bad, 0, stream, 0, bad.length);
        System.arraycopy(good, 0, stream, bad.length, good.length);
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(stream));
        assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        List<Object> values = new ArrayList<>();
        assertTrue(wire.readValue(values::add));
        assertEquals(2_000_002L, ((Map<?, ?>) values.get(0)).get(1L), "id 1,000,001, zig-zag encoded");
    }

    /**
     * Observed in {@code io.zwire.crosswire.UnframedStreamTest}'s trials: two Orders, the first byte of the first
     * one's padded length (0xbb, 59) damaged into 0x40, a one-byte length of 64. The reader
     * refused the body, skipped to offset 65, one byte inside the second document, and read the
     * 4 bytes there as an Order of default values.
     */
    @Test
    void aNumberedLengthDamagedIntoAOneByteLengthNeverReadsAPieceOfTheNextDocument() {
        byte[] stream = HexFormat.of().parseHex(
                "40808080000882cee680e375120653594d39333519bd0ada18ffb2474020d2e74328003297808080000a08506172747920363012084143432d3436343018b00d"
                + "bb8080800008b9e9ec97c101120653594d35343919c335c3c71b0b2e4020bec60128003297808080000a08506172747920343812084143432d3138373018e606");
        int second = 64;
        Order expected = new Order();
        assertTrue(WireType.NUMBERED.apply(Bytes.wrap(Arrays.copyOfRange(stream, second, stream.length))).readDocument(expected));
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(stream));
        List<Order> read = new ArrayList<>();
        for (int reads = 0; reads < 16; reads++) {
            int start = wire.bytes().readPosition();
            Order order = new Order();
            try {
                if (!wire.readDocument(order)) {
                    break;
                }
            } catch (WireException expectedForTheDamagedOne) {
                continue;
            }
            if (start >= second) {
                read.add(order);
            }
        }
        assertEquals(List.of(expected), read, "only the second document is read from its bytes");
    }

    @Test
    void aRawDocumentWhoseLengthIsDamagedIsFollowedByTheNextDocument() {
        byte[] bad = document(WireType.RAW, Order.sample());
        bad[2] = 0x7F;
        rejectsThenReadsTheNext(WireType.RAW, OPTIONS, bad, Order::new, 0, "a document length within");
    }

    /**
     * A mebibyte of indefinite-map heads: every offset is a candidate whose check nests to the
     * recovery's depth before failing, so a search without its budget would take about a
     * thousand times the input's size in steps.
     */
    @Test
    void theSearchAfterAMebibyteOfNestedCborMapHeadsStaysProportionalToTheInput() throws Throwable {
        byte[] heads = new byte[1 << 20];
        Arrays.fill(heads, (byte) 0xBF);
        Wire wire = WireType.BINARY.apply(Bytes.wrap(heads));
        WorkBound.completesQuickly(() -> assertThrows(WireException.class, () -> wire.readDocument(new Order())));
        assertEquals(0, wire.bytes().readRemaining());
    }

    /** Writes its id when not 0; refuses its read when told to, after reading the id (user code's refusal). */
    private static final class Refusable implements io.zwire.Marshallable {
        private static final io.zwire.Field ID = io.zwire.Field.of(1, "id");
        long id = -1;
        boolean refuse;

        @Override
        public void writeMarshallable(io.zwire.WireOut out) {
            if (id != 0) {
                out.write(ID).int64(id);
            }
        }

        @Override
        public void readMarshallable(io.zwire.WireIn in) {
            id = in.read(ID).int64();
            if (refuse) {
                throw new IllegalStateException("refused by the type");
            }
        }
    }

    /** Reads every document after the first, which the type refuses; the ids read, or "refused". */
    private static List<String> idsAfterARefusedFirstDocument(Wire wire) {
        Refusable target = new Refusable();
        target.refuse = true;
        assertThrows(RuntimeException.class, () -> wire.readDocument(target));
        target.refuse = false;
        List<String> ids = new ArrayList<>();
        for (int reads = 0; reads < 10; reads++) {
            target.id = -1;
            try {
                if (!wire.readDocument(target)) {
                    break;
                }
                ids.add(Long.toString(target.id));
            } catch (WireException e) {
                ids.add("refused");
            }
        }
        return ids;
    }

    @Test
    void anEmptyDocumentAfterOneTheTypeRefusedIsReadOnNumbered() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        for (long id : new long[] {1, 0, 3}) {
            Refusable document = new Refusable();
            document.id = id;
            wire.writeDocument(document);
        }
        // the empty document was lost: the search took the one after it
        assertEquals(List.of("0", "3"), idsAfterARefusedFirstDocument(wire));
    }

    @Test
    void theBytesOfADocumentTheTypeRefusedAreNotReadAsDocumentsWhenAnEmptyOneFollows() {
        // varint lengths (protobuf-java's writeDelimitedTo): id 1 and a bytes field holding 02 08 0a 02 08 0c,
        // then an empty document and id 3; the search read ids 5 and 6 out of the bytes field
        byte[] stream = HexFormat.of().parseHex("0a080212060208" + "0a02080c" + "00" + "020806");
        assertEquals(List.of("0", "3"), idsAfterARefusedFirstDocument(WireType.NUMBERED.apply(Bytes.wrap(stream), OPTIONS)));
    }
}
