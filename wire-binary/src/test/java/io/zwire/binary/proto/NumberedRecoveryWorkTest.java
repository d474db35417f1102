package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.WorkBound;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Recovery's work over a whole stream, not one search: each search's budget was a few times the
 * bytes left in the input, so a stream that makes every few documents a search, each of whose
 * first candidates scans a body reaching to the end of the input, cost the square of its size
 * (21.8 s of CPU for these 440 KB, found by a probe). The budget is now the stream's
 * ({@link io.zwire.binary.resync.SearchBudget}).
 */
class NumberedRecoveryWorkTest {
    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");
    static final Field C = Field.of(3, "c");
    static final Field D = Field.of(4, "d");
    static final int BLOCKS = 8000;
    /** Candidates per block whose bodies run to the tail: four stay within a search's budget. */
    static final int FAR_CANDIDATES = 4;
    static final int TAIL = 64;

    static final class Ints implements Marshallable {
        long a = 8;
        long b = 16;
        long c = 24;
        long d = 32;

        @Override public void writeMarshallable(WireOut out) {
            out.write(A).int64(a).write(B).int64(b).write(C).int64(c).write(D).int64(d);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(A).int64(this, (o, v) -> o.a = v).read(B).int64(this, (o, v) -> o.b = v)
                    .read(C).int64(this, (o, v) -> o.c = v).read(D).int64(this, (o, v) -> o.d = v);
        }
    }

    /** zwire's 5-byte padded varint. */
    private static void padded(ByteArrayOutputStream out, long value) {
        for (int shift = 0; shift < 28; shift += 7) {
            out.write((int) (0x80 | value >> shift & 0x7F));
        }
        out.write((int) (value >> 28));
    }

    /**
     * Blocks of: a length too long for the input (refused, so a search starts, in the padded
     * form's shape), four padded lengths whose bodies of well-formed fields reach into the tail,
     * where no document follows (each scanned, then refused), and two good documents (the first
     * is the search's answer). Then a tail of bytes no search believes.
     */
    private static byte[] hostileStream(byte[] good) {
        int blockSize = 5 + FAR_CANDIDATES * 6 + 2 * good.length;
        int total = BLOCKS * blockSize + TAIL;
        ByteArrayOutputStream out = new ByteArrayOutputStream(total);
        for (int block = 0; block < BLOCKS; block++) {
            out.writeBytes(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, 0x40, 0x08});
            for (int candidate = 0; candidate < FAR_CANDIDATES; candidate++) {
                long length = total - TAIL / 2 - (out.size() + 5);
                padded(out, length - length % 8);
                out.write(0x08);
            }
            out.writeBytes(good);
            out.writeBytes(good);
        }
        while (out.size() < total) {
            out.write(0x08);
        }
        return out.toByteArray();
    }

    @Test
    void recoveringFromEveryDamagedDocumentOfAStreamStaysProportionalToTheStream() throws Throwable {
        Wire writer = WireType.NUMBERED.apply(Bytes.elastic(64));
        writer.writeDocument(new Ints());
        byte[] stream = hostileStream(writer.bytes().toByteArray());
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(stream));
        int[] goodRead = {0};
        WorkBound.completesQuickly(() -> {
            Ints into = new Ints();
            for (int attempt = 0; attempt < 4 * BLOCKS; attempt++) {
                try {
                    if (!wire.readDocument(into)) {
                        break;
                    }
                    goodRead[0]++;
                } catch (WireException refused) {
                    // each block's first length: the reader goes on
                }
            }
        });
        // In the last few KiB the hostile bodies are short enough to be scanned, and a search may
        // then pass over the good documents of a few blocks (4 blocks here): recovery is best
        // effort; what this test holds is that it stays proportional to the input.
        assertTrue(goodRead[0] >= 2 * BLOCKS - 16, "both good documents of all but a few blocks are read: " + goodRead[0]);
    }
}
