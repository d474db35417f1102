package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A stream of six documents whose third has one byte of its length changed, or its end cut off:
 * the documents after it are good, and the ideal is that each of them is read and nothing read is
 * a mix of documents. CorruptionTrials damages the first of two documents, where a length that
 * grows runs out of input; here documents follow the damaged one, as in a file. RAW and NUMBERED
 * cannot meet the ideal in these streams (docs/unframed-streams.md, "Documents after the damaged
 * one"): the tests are kept, disabled, as the cases a frame with a checksum exists for.
 */
class DamagedLengthInAStreamTest {
    static final Field ID = Field.of(1, "id");
    static final Field SYMBOL = Field.of(2, "symbol");
    static final Field PRICE = Field.of(3, "price");
    static final Field QTY = Field.of(4, "qty");
    static final Field LEGS = Field.of(5, "legs");
    static final int DOCUMENTS = 6;
    static final int DAMAGED = 2;

    /** A trade with a few legs: what a user's type holds, not the test kit's Order. */
    static final class Trade implements Marshallable {
        long id;
        String symbol;
        double price;
        long qty;
        long[] legs = new long[0];

        static Trade number(int i) {
            Trade trade = new Trade();
            trade.id = 1000 + i;
            trade.symbol = "SYM" + i;
            trade.price = 1.5 * i;
            trade.qty = 10L * i;
            trade.legs = new long[i % 3 + 1];
            Arrays.fill(trade.legs, 7L * i);
            return trade;
        }

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(SYMBOL).text(symbol).write(PRICE).float64(price).write(QTY).int64(qty)
                    .write(LEGS).sequence(this, (t, seq) -> {
                        for (long leg : t.legs) {
                            seq.int64(leg);
                        }
                    });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (t, v) -> t.id = v).read(SYMBOL).text(this, (t, v) -> t.symbol = v)
                    .read(PRICE).float64(this, (t, v) -> t.price = v).read(QTY).int64(this, (t, v) -> t.qty = v)
                    .read(LEGS).sequence(this, (t, seq) -> {
                        List<Long> legs = new ArrayList<>();
                        while (seq.hasNextElement()) {
                            legs.add(seq.int64());
                        }
                        t.legs = legs.stream().mapToLong(Long::longValue).toArray();
                    });
        }

        @Override public String toString() {
            return id + " " + symbol + " " + price + " " + qty + " " + Arrays.toString(legs);
        }
    }

    /** The six documents, the third's length byte {@code at} (from its first) set to {@code value}. */
    private static byte[] streamWithLengthByte(WireType type, int at, int value) {
        Wire wire = type.apply(Bytes.elastic(512));
        int damagedStart = -1;
        for (int i = 0; i < DOCUMENTS; i++) {
            if (i == DAMAGED) {
                damagedStart = wire.bytes().writePosition();
            }
            wire.writeDocument(Trade.number(i));
        }
        byte[] stream = wire.bytes().toByteArray();
        stream[damagedStart + at] = (byte) value;
        return stream;
    }

    /** The six documents, the third cut to its first {@code kept} bytes, the rest of the stream whole. */
    private static byte[] streamWithTheThirdCutTo(WireType type, int kept) {
        Wire wire = type.apply(Bytes.elastic(512));
        List<byte[]> documents = new ArrayList<>();
        for (int i = 0; i < DOCUMENTS; i++) {
            int start = wire.bytes().writePosition();
            wire.writeDocument(Trade.number(i));
            byte[] document = new byte[wire.bytes().writePosition() - start];
            wire.bytes().copyTo(start, document, 0, document.length);
            documents.add(document);
        }
        documents.set(DAMAGED, Arrays.copyOf(documents.get(DAMAGED), kept));
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        documents.forEach(stream::writeBytes);
        return stream.toByteArray();
    }

    /** Every document read without an error, in order, by a reader that goes on after each error (bounded). */
    private static List<String> readAll(WireType type, byte[] stream) {
        Wire wire = type.apply(Bytes.wrap(stream));
        List<String> read = new ArrayList<>();
        for (int attempt = 0; attempt < 4 * DOCUMENTS; attempt++) {
            Trade into = new Trade();
            try {
                if (!wire.readDocument(into)) {
                    break;
                }
                read.add(into.toString());
            } catch (WireException refused) {
                // the damaged document, or a wrong boundary: the reader goes on
            }
        }
        return read;
    }

    private static List<String> sentAfterTheDamagedOne() {
        List<String> after = new ArrayList<>();
        for (int i = DAMAGED + 1; i < DOCUMENTS; i++) {
            after.add(Trade.number(i).toString());
        }
        return after;
    }

    /** What was read after the first two documents, which precede the damage and always read. */
    private static List<String> readAfterTheFirstTwo(List<String> read) {
        return read.subList(Math.min(DAMAGED, read.size()), read.size());
    }

    /**
     * The third document's length, 36, shortened to 12: its framed end falls inside its own
     * bytes, where a 4-byte int that fits the input passes for a length; the search believes it
     * and then others, and the fourth and fifth documents are lost (read 5 only).
     */
    @Test
    @Disabled("a limit of unframed streams, docs/unframed-streams.md: RAW recovery believes a length inside the damaged document and loses the next two")
    void onRawEveryDocumentAfterOneWhoseLengthWasShortenedIsRead() {
        List<String> read = readAll(WireType.RAW, streamWithLengthByte(WireType.RAW, 0, 12));
        assertEquals(sentAfterTheDamagedOne(), readAfterTheFirstTwo(read), "read: " + read);
    }

    /**
     * The third document's last leg, its last 8 bytes, cut off (54 of its 62 bytes kept): its
     * length now takes in the fourth document's first 8 bytes, which read as that leg without an
     * error, and the fourth and fifth documents are lost.
     */
    @Test
    @Disabled("a limit of unframed streams, docs/unframed-streams.md: RAW reads the next document's first bytes into the cut one, then loses two")
    void onRawEveryDocumentAfterOneCutShortIsReadAndNoneWithTheNextOnesBytes() {
        List<String> read = readAll(WireType.RAW, streamWithTheThirdCutTo(WireType.RAW, 54));
        assertEquals(sentAfterTheDamagedOne(), readAfterTheFirstTwo(read), "read: " + read);
    }

    /**
     * The third document's padded length's first byte set to 0xD4: the length now runs over the
     * fourth and fifth documents, whose padded lengths read as fields, and the three read as one
     * document without an error: the fifth's id, symbol and price with the third's quantity,
     * then an empty document; the fourth and fifth are lost.
     */
    @Test
    @Disabled("a limit of unframed streams, docs/unframed-streams.md: NUMBERED reads three documents as one mixed document, no error")
    void onNumberedEveryDocumentAfterOneWhoseLengthGrewOverThemIsRead() {
        List<String> read = readAll(WireType.NUMBERED, streamWithLengthByte(WireType.NUMBERED, 0, 0xD4));
        assertEquals(sentAfterTheDamagedOne(), readAfterTheFirstTwo(read), "read: " + read);
    }
}
