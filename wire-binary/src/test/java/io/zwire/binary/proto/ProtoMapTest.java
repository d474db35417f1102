package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProtoMapTest {
    @Test
    void roundTripsMaps() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        MapBook source = MapBook.sample(10, 3);
        wire.writeDocument(source);
        MapBook copy = new MapBook();
        assertTrue(wire.readDocument(copy));
        assertEquals(source, copy);
    }
}
