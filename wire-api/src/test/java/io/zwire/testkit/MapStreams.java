package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.testkit.model.LimitBook;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Truncations of a stream of map documents, for the wires that know where a document ends. */
public final class MapStreams {
    private MapStreams() {
    }

    /**
     * Every prefix of a stream of two {@link LimitBook} documents is refused with a
     * {@link WireException} or read as exactly the whole documents it holds. A document is whole
     * once all but its last {@code optionalTail} bytes are in (JSON's line break after a document
     * may be missing at the end of the input).
     */
    public static void everyPrefixIsRefusedOrReadAsTheDocumentsItHolds(WireType type, int optionalTail) {
        Bytes bytes = Bytes.elastic(512);
        Wire writer = type.apply(bytes);
        writer.writeDocument(LimitBook.sample("a", 1));
        int firstWhole = bytes.writePosition() - optionalTail;
        int firstEnd = bytes.writePosition();
        writer.writeDocument(LimitBook.sample("b", 2));
        byte[] full = bytes.toByteArray();
        int secondWhole = full.length - optionalTail;
        for (int length = 0; length <= full.length; length++) {
            Wire wire = type.apply(Bytes.wrap(Arrays.copyOf(full, length)));
            int complete = length >= secondWhole ? 2 : length >= firstWhole ? 1 : 0;
            boolean cut = !(length == 0 || length >= firstWhole && length <= firstEnd || length >= secondWhole);
            int read = 0;
            boolean refused = false;
            try {
                while (wire.readDocument(new LimitBook())) {
                    read++;
                }
            } catch (WireException expected) {
                refused = true;
            }
            assertEquals(complete, read, "documents read from a prefix of " + length + " bytes");
            assertEquals(cut, refused, "refused at " + length);
        }
    }
}
