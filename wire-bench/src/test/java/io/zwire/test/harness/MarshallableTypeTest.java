package io.zwire.test.harness;

import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.bench.lambda.NonCapturing4;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.Order;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarshallableTypeTest {
    private static final ClassLoader LOADER = MarshallableTypeTest.class.getClassLoader();

    @Test
    void theSampleIsTheSourceWhenThereIsOne() {
        MarshallableType type = MarshallableType.load(Order.class.getName(), LOADER);
        assertTrue(type.hasSample());
        assertEquals(Order.sample(), type.newSource());
        assertEquals(new Order(), type.newTarget());
        assertEquals("Order", type.simpleName());
    }

    @Test
    void aNewInstanceIsTheSourceOtherwise() {
        MarshallableType type = MarshallableType.load(BoxingOrder.class.getName(), LOADER);
        assertFalse(type.hasSample());
        assertTrue(type.newSource() instanceof BoxingOrder);
        assertNotSame(type.newSource(), type.newSource());
    }

    @Test
    void generatedTypesHaveSamples() {
        assertTrue(MarshallableType.load(NonCapturing4.class.getName(), LOADER).hasSample());
    }

    /** Has a constructor, but not a public no-argument one. */
    public static final class NoDefaultConstructor implements Marshallable {
        public NoDefaultConstructor(int unused) {
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    @Test
    void rejectsWhatCannotBeMeasured() {
        assertThrows(IllegalArgumentException.class, () -> MarshallableType.load("com.example.Missing", LOADER));
        IllegalArgumentException notMarshallable = assertThrows(IllegalArgumentException.class,
                () -> MarshallableType.load(String.class.getName(), LOADER));
        assertTrue(notMarshallable.getMessage().contains("Marshallable"));
        IllegalArgumentException noConstructor = assertThrows(IllegalArgumentException.class,
                () -> MarshallableType.load(NoDefaultConstructor.class.getName(), LOADER));
        assertTrue(noConstructor.getMessage().contains("no-argument constructor"));
        assertThrows(IllegalArgumentException.class, () -> MarshallableType.load(Marshallable.class.getName(), LOADER));
    }
}
