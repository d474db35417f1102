package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Order;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What YamlFuzzTest found, each input as a named test (docs/fuzzing.md). */
class YamlFuzzFindingsTest {
    /**
     * {@code price: -0} is, in YAML 1.2's core schema, the integer 0, and an integer has no signed
     * zero: snakeyaml-engine reads 0.0. zwire read the text as a decimal and gave -0.0, a value the
     * document does not hold (corpus input {@code yaml/minus-zero-integer-into-float64}).
     */
    @Test
    void minusZeroWrittenAsAnIntegerReadsAsPositiveZero() {
        String found = new String(Base64.getDecoder().decode("LS0tCmlkOiAxMDAwMDAxCnN5bWJvbDogRVVSVVNECnByaWNlOiAtMA=="),
                StandardCharsets.UTF_8);
        Order order = new Order();
        assertTrue(read(WireType.YAML, found).readDocument(order));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(order.price()), found);
        Order numbered = new Order();
        assertTrue(read(WireType.YAML_NUMBERED, "3: -0\n").readDocument(numbered));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(numbered.price()), "YAML_NUMBERED");
        assertEquals(Float.floatToRawIntBits(0f), Float.floatToRawIntBits(allTypes("float32: -0").float32), "float32");
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(allTypes("float64: +0").float64));
    }

    /** The float spellings of negative zero are floats and keep their sign. */
    @Test
    void minusZeroWrittenAsAFloatKeepsItsSign() {
        for (String text : new String[] {"-0.0", "-0.", "-0e0", "!!float -0", "!!float '-0'"}) {
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(allTypes("float64: " + text).float64), text);
            assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(allTypes("float32: " + text).float32), text);
        }
    }

    private static AllTypes allTypes(String yaml) {
        AllTypes all = new AllTypes();
        assertTrue(read(WireType.YAML, yaml + "\n").readDocument(all));
        return all;
    }

    private static Wire read(WireType type, String yaml) {
        return type.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)));
    }
}
