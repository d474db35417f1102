package io.zwire.test;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.RiskLimits;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The strict garbage check of a type with maps (a long proof, on every wire, RAW among them): forked JVMs
 * with a 10 MiB Eden, as compiled and with {@code -XX:-DoEscapeAnalysis}, each clean at 0 bytes
 * per round trip. The default build holds maps to zero garbage in process on every wire (C1, no
 * escape analysis: {@code MapsZeroGarbageTest}, {@code MapGarbageTest}) and forks the strict check
 * for other types ({@code GarbageFreeTest}); here it keeps the capture check, which forks nothing.
 */
class MapsGarbageFreeTest {
    @Test
    @Tag("long")
    void aTypeWithATextKeyedMapAndAMapOfExistingObjectsIsCleanOnEveryWireWithAndWithoutEscapeAnalysis() {
        GarbageAssertions.assertNoGarbage(RiskLimits.class);
    }

    /** Reads its map through a lambda that captures {@code this}: the check must name it without forking. */
    public static final class CapturingLimits implements Marshallable {
        static final Field LIMITS = Field.of(1, "limits");
        final Map<String, Double> limits = new LinkedHashMap<>();

        public static CapturingLimits sample() {
            CapturingLimits sample = new CapturingLimits();
            sample.limits.put("EURUSD", 1.0);
            return sample;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LIMITS).map(this, (o, m) -> o.limits.forEach((k, v) -> m.key(k).float64(v)));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                limits.clear();
                while (m.hasNextEntry()) {
                    String key = m.textKey();
                    limits.put(key, m.float64());
                }
            });
        }
    }

    @Test
    void aCapturingMapLambdaFailsTheCheckByItsField() {
        long started = System.nanoTime();
        AssertionError error = assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertNoGarbage(CapturingLimits.class, WireType.RAW, WireType.YAML));
        String message = error.getMessage();
        assertTrue(message.contains("limits (1)") && message.contains("map lambda captures this"), message);
        assertTrue(System.nanoTime() - started < 5_000_000_000L, "no JVM was forked for a capturing type");
    }
}
