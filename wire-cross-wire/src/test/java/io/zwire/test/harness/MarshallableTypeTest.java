package io.zwire.test.harness;

import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.example.Order;
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
    void aForeignTypeIsNamedByItsHolderAndMarshallerField() {
        MarshallableType type = MarshallableType.load(QuoteMarshallers.class.getName() + "#QUOTES", LOADER);
        assertEquals(QuoteMarshallers.class.getName() + "#QUOTES", type.name(), "the name a forked probe loads it by");
        assertEquals("Quote", type.simpleName());
        assertEquals(QuoteMarshallers.QUOTES, type.marshaller());
        assertTrue(type.newLoop(WireType.RAW).verify() > 0, "writes the sample and reads it back");
        assertThrows(IllegalStateException.class, type::newTarget, "no Marshallable to construct");
    }

    @Test
    void rejectsAForeignTypeWithoutAMarshallerOrASample() {
        IllegalArgumentException noField = assertThrows(IllegalArgumentException.class,
                () -> MarshallableType.load(QuoteMarshallers.class.getName() + "#MISSING", LOADER));
        assertTrue(noField.getMessage().contains("no public static field MISSING"), noField.getMessage());
        IllegalArgumentException noSample = assertThrows(IllegalArgumentException.class,
                () -> MarshallableType.load(Records.class.getName() + "#EVERY", LOADER));
        assertTrue(noSample.getMessage().contains("sample() must be static and return a"), noSample.getMessage());
        IllegalArgumentException notAMarshaller = assertThrows(IllegalArgumentException.class,
                () -> MarshallableType.load(io.zwire.test.GarbageAssertions.class.getName() + "#THRESHOLD", LOADER));
        assertTrue(notAMarshaller.getMessage().contains("is not a public static Marshaller"), notAMarshaller.getMessage());
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
