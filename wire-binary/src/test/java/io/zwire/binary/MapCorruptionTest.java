package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Maps on the binary wires without field names, corrupted at random and followed by a good
 * document: every read is a document or a {@link WireException}, never another exception, a hang
 * or an allocation sized by a corrupt count, and the stream is read to its end.
 */
class MapCorruptionTest {
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"NUMBERED", "RAW"})
    void randomCorruptionOfMapsIsAWireExceptionAndTheNextDocumentReads(WireType type) {
        Wire source = type.apply(Bytes.elastic(256));
        source.writeDocument(MapBook.sample(6, 3));
        byte[] good = source.bytes().toByteArray();
        Random random = new Random(2500 + type.ordinal());
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 20_000; i++) {
                byte[] corrupt = good.clone();
                for (int k = random.nextInt(4); k >= 0; k--) {
                    corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
                }
                Wire wire = type.apply(Bytes.elastic(2 * good.length));
                wire.bytes().write(corrupt);
                wire.bytes().write(good);
                // Each read is a document or a WireException, and each moves on: the stream ends in bounded reads.
                int reads = 0;
                while (wire.bytes().readRemaining() > 0) {
                    assertTrue(++reads <= 64, "the stream of two documents ends within 64 reads");
                    try {
                        wire.readDocument(new MapBook());
                    } catch (WireException expected) {
                        assertEquals(type.name(), expected.wire());
                    }
                }
            }
        });
    }
}
