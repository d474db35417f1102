package io.zwire.test.harness;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.WireIn;
import io.zwire.WireOut;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which allocations the schema knows a type makes by design, and what the others are called. */
class AllocationDesignTest {
    static final Field NOTE = Field.of(1, "note"), COUNT = Field.of(2, "count"), BLOB = Field.of(3, "blob");

    /** A note read into a String, a count, and bytes read into a byte[]. */
    public static final class Noted implements Marshallable {
        String note = "";
        long count;
        byte[] blob = new byte[0];

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(NOTE).text(note).write(COUNT).int64(count).write(BLOB).bytes(blob);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(NOTE).text(this, (o, s) -> o.note = s)
              .read(COUNT).int64(this, (o, v) -> o.count = v)
              .read(BLOB).bytes(this, (o, b) -> o.blob = b);
        }
    }

    private final AllocationDesign design = new AllocationDesign(Schema.of(Noted::new), Noted.class);

    private static AllocationSite site(String objectClass, Field field) {
        return new AllocationSite(4096, objectClass, "X.y:1", null, "Noted.readMarshallable:30",
                field == null ? 0 : field.number(), field == null ? null : field.name());
    }

    @Test
    void aStringOrItsBytesUnderATextFieldIsByDesign() {
        assertTrue(design.reason(site("java.lang.String", NOTE)).startsWith("text() makes a String"));
        assertTrue(design.reason(site("byte[]", NOTE)).startsWith("text() makes a String"));
        assertTrue(design.reason(site("byte[]", BLOB)).startsWith("bytes() makes a byte[]"));
    }

    @Test
    void boxingUnderANumberFieldIsNotByDesignAndSaysSo() {
        AllocationSite boxed = site("java.lang.Long", COUNT);
        assertNull(design.reason(boxed));
        assertEquals("boxing: a Long per value; keep the value in a primitive field", design.problem(boxed));
        assertEquals("the schema reads count as INT64, which allocates no java.util.ArrayList",
                design.problem(site("java.util.ArrayList", COUNT)));
    }

    @Test
    void aSiteTiedToNoFieldIsNeverByDesign() {
        AllocationSite loose = site("java.lang.String", null);
        assertNull(design.reason(loose));
        assertEquals("tied to none of the type's fields", design.problem(loose));
    }

    @Test
    void arrayClassesReadAsSourceNamesThem() {
        assertEquals("byte[]", AllocationSiteProbe.javaName("[B"));
        assertEquals("java.lang.String[][]", AllocationSiteProbe.javaName("[[Ljava.lang.String;"));
        assertEquals("java.time.Instant", AllocationSiteProbe.javaName("java.time.Instant"));
    }
}
