package io.zwire.test;

import io.zwire.WireType;
import io.zwire.test.usertypes.BoxedCount;
import io.zwire.test.usertypes.VanReading;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A failed strict check says where the garbage comes from, field by field, and what to assert instead. */
class GarbageDiagnosisTest {
    /** One wire and short runs: the allocation is tens of bytes per round trip, plain in any count. */
    private static GarbageCheck quick(GarbageCheck check) {
        return check.wires(WireType.RAW).warmUp(20_000).roundTrips(100_000);
    }

    @Test
    void aFailedCheckNamesEachAllocatingFieldAsByDesignAndTheAssertionToUse() {
        String message = assertThrows(AssertionError.class, () -> quick(GarbageCheck.of(VanReading.class)).assertClean())
                .getMessage();
        System.out.println(message);
        assertSite(message, "java.time.Instant", "field time (2)", "its Marshaller builds a new Instant per read");
        assertSite(message, "io.zwire.test.usertypes.VanReading$Position", "field position (3)",
                "a Position record, built per read");
        assertSite(message, "java.lang.String", "field note (4)", "text() makes a String");
        assertFalse(message.contains("NOT BY DESIGN"), message);
        Matcher advice = Pattern.compile("measured: at most ([0-9.]+) bytes per round trip\\):\\s+"
                + Pattern.quote("GarbageCheck.of(VanReading.class).wires(WireType.RAW).assertAllocatesByDesign(")
                + "(\\d+)\\);").matcher(message);
        assertTrue(advice.find(), message);
        assertEquals((long) Math.ceil(Double.parseDouble(advice.group(1)) - GarbageCheck.THRESHOLD),
                Long.parseLong(advice.group(2)), message);
    }

    /** In the long profile: ZwireCliTest.garbageExitsOneWhenATypeAllocates holds boxing by default, through --where. */
    @Test
    @Tag("long")
    void boxingIsNamedAsAFaultToFixNotAsADesign() {
        String message = assertThrows(AssertionError.class, () -> quick(GarbageCheck.of(BoxedCount.class)).assertClean())
                .getMessage();
        System.out.println(message);
        assertTrue(Pattern.compile("java\\.lang\\.Long at Long\\.valueOf:\\d+, from BoxedCount\\.lambda\\$readMarshallable"
                + "\\$\\d+:\\d+\\s+field count \\(2\\), in BoxedCount\\.readMarshallable:\\d+: NOT BY DESIGN: boxing")
                .matcher(message).find(), message);
        assertTrue(message.contains("Fix the sites marked NOT BY DESIGN"), message);
        assertFalse(Pattern.compile("assertAllocatesByDesign\\(\\d").matcher(message).find(), message);
    }

    @Test
    @Tag("long")
    void theAssertionTheReportNamesPasses() {
        String message = assertThrows(AssertionError.class, () -> quick(GarbageCheck.of(VanReading.class)).assertClean())
                .getMessage();
        Matcher advice = Pattern.compile("assertAllocatesByDesign\\((\\d+)\\);").matcher(message);
        assertTrue(advice.find(), message);
        String report = quick(GarbageCheck.of(VanReading.class)).assertAllocatesByDesign(Long.parseLong(advice.group(1)));
        assertTrue(report.contains("as designed"), report);
    }

    private static void assertSite(String message, String objectClass, String field, String reason) {
        assertTrue(Pattern.compile(Pattern.quote(objectClass) + " at [^\\n]+\\n\\s+" + Pattern.quote(field)
                + ", in VanReading\\.readMarshallable:\\d+: by design: " + Pattern.quote(reason)).matcher(message).find(),
                message);
    }
}
