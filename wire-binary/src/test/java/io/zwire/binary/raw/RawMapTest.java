package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RawMapTest {
    @Test
    void roundTripsMaps() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        MapBook source = MapBook.sample(10, 3);
        wire.writeDocument(source);
        MapBook copy = new MapBook();
        assertTrue(wire.readDocument(copy));
        assertEquals(source, copy);
    }
}
