package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Records.Point;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RAW reads by position: a marshaller that reads out of write order is refused before anything is read. */
class RawForeignTypesTest {
    private static final Field X = Field.of(1, "x");
    private static final Field Y = Field.of(2, "y");
    private static final Marshaller<Point> BACKWARDS = Marshaller.immutable(Point.class,
            (p, out) -> out.write(X).int32(p.x()).write(Y).int32(p.y()),
            in -> {
                int y = in.read(Y).int32();
                return new Point(in.read(X).int32(), y);
            });

    @Test
    void aMarshallerThatReadsOutOfOrderIsRefusedAndTheDocumentStays() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(new Point(1, 2), BACKWARDS);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(null, BACKWARDS));
        assertTrue(e.getMessage().contains("RAW refuses to read " + Point.class.getName()), e.getMessage());
        assertEquals(0, wire.bytes().readPosition(), "nothing was read");
        assertThrows(IllegalStateException.class, () -> wire.readDocument(null, BACKWARDS), "refused every time");
    }
}
