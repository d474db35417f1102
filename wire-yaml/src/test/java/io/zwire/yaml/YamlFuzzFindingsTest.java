package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Party;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.MapKinds;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    /**
     * Found by a ten-minute fuzz campaign of {@code YamlFuzzTest#yaml} (corpus
     * {@code yaml/directive-line-with-a-control-character-and-invalid-utf-8}): a reserved directive
     * ({@code %} and a name YAML does not define) was skipped to its line break unread, so a stream
     * with a control character and bytes that are not UTF-8 there read as the document after it.
     * Every character of a directive line is now checked as the rest of the stream is.
     */
    @Test
    void aDirectiveLineWithAControlCharacterOrBytesThatAreNotUtf8IsRefusedAtTheByte() {
        byte[] found = Base64.getDecoder().decode("JRz//////////////////////////////////////////////////"
                + "////////////////////////////////////////////////////////yA7Ci0tLQppbnQtLWQ4OiAw");
        WireException control = assertThrows(WireException.class,
                () -> WireType.YAML.apply(Bytes.wrap(found)).readDocument(new Order()));
        assertEquals(1, control.offset(), control.getMessage());
        assertTrue(control.getMessage().contains("control character 0x1c"), control.getMessage());
        String[] refused = {"%RESERVED \u00ff\n---\nid: 1\n", "%RES\u00ffERVED x\n---\nid: 1\n", "%TAG !e! tag:\u00ff\n---\nid: 1\n"};
        long[] offsets = {10, 4, 13};
        for (int i = 0; i < refused.length; i++) {
            byte[] bytes = refused[i].replace("\u00ff", "\u0000").getBytes(StandardCharsets.UTF_8);
            int at = refused[i].indexOf("\u00ff");
            bytes[at] = (byte) 0xFF;
            WireException e = assertThrows(WireException.class, () -> WireType.YAML.apply(Bytes.wrap(bytes)).readDocument(new Order()),
                    refused[i]);
            assertEquals(offsets[i], e.offset(), e.getMessage());
            assertTrue(e.getMessage().contains("valid UTF-8, found the byte 0xff"), e.getMessage());
        }
        Order order = new Order();
        assertTrue(read(WireType.YAML, "%RESERVED caf\u00e9 \u00b5s # a comment\n%TAG !e! tag:example.com,2026:\n---\nid: 7\n")
                .readDocument(order));
        assertEquals(7, order.id());
    }

    /**
     * Found by CI's 10 s campaign of {@code YamlFuzzTest#yamlComposite} (corpus
     * {@code yamlComposite/null-party-read-into-a-new-party}): a MapKinds party with no value. The
     * model reads each party into a new Party, and {@code ValueIn.marshallable(into)} reads a null
     * as every field's default; the composite oracle counted the Party of defaults zwire wrote back
     * as a difference from the document's null (a fault of the harness, {@code OracleTreesTest}).
     */
    @Test
    void aMapValueWithNoValueReadIntoANewObjectIsThatObjectOfDefaults() {
        MapKinds maps = new MapKinds();
        assertTrue(read(WireType.YAML, "parties:\n  9223372036854775807:\n  -1: null\n  5: {id: 3}\n").readDocument(maps));
        assertEquals(Map.of(Long.MAX_VALUE, new Party(), -1L, new Party(), 5L, new Party(null, null, 3)), maps.parties);
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
