package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** YAML read as plain values never changes what the document says: numbers, versions and tags. */
class YamlExactValuesTest {
    private static Wire wire(WireType type, String text) {
        return type.apply(Bytes.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static Object read(String yaml) {
        return wire(WireType.YAML, yaml).readSingleValue();
    }

    /**
     * Regression: any number of at most 17 significant digits read as a Double, so
     * 0.99999999999999999 read as 1.0 (and 1e-400 as 0.0), where the JSON reader keeps the
     * BigDecimal. Both now give the same value for the same number.
     */
    @Test
    void aFloatIsADoubleOnlyWhenTheDoubleIsTheNumberWrittenAsOnJson() {
        assertEquals(Map.of("x", new BigDecimal("0.99999999999999999")), read("x: 0.99999999999999999\n"));
        assertEquals(Map.of("x", new BigDecimal("1e-400")), read("x: 1e-400\n"));
        assertEquals(Map.of("x", 0.30000000000000004), read("x: 0.30000000000000004\n"));
        assertEquals(Map.of("x", 1.5), read("x: +1.5\n"));
        assertEquals(Map.of("x", new BigDecimal("9007199254740993.0")), read("x: !!float 9007199254740993.0\n"));
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 5_000; i++) {
            StringBuilder digits = new StringBuilder("0.");
            int count = 1 + random.nextInt(19);
            for (int d = 0; d < count; d++) {
                digits.append((char) ('0' + random.nextInt(10)));
            }
            String number = digits + "e" + random.nextInt(-20, 20);
            Object json = wire(WireType.JSON, "[" + number + "]").readSingleValue();
            assertEquals(json, read("- " + number + "\n"), number);
        }
    }

    /** The typed path, fast path included, reads every decimal as the correctly rounded double, as JSON does. */
    @Test
    void theTypedPathRoundsEveryDecimalCorrectly() {
        SplittableRandom random = new SplittableRandom(29);
        for (int i = 0; i < 5_000; i++) {
            StringBuilder number = new StringBuilder(random.nextBoolean() ? "" : "-");
            int before = 1 + random.nextInt(10);
            for (int d = 0; d < before; d++) {
                number.append((char) ('0' + random.nextInt(d == 0 ? 1 : 0, 10)));
            }
            number.append('.');
            for (int d = random.nextInt(1, 20 - before); d > 0; d--) {
                number.append((char) ('0' + random.nextInt(10)));
            }
            double expected = Double.parseDouble(number.toString());
            for (WireType type : new WireType[] {WireType.YAML, WireType.JSON}) {
                AllTypes all = new AllTypes();
                String document = type == WireType.YAML ? "float64: " + number + "\n" : "{\"float64\":" + number + "}\n";
                assertTrue(wire(type, document).readDocument(all));
                assertEquals(expected, all.float64, type + ": " + number);
            }
        }
        AllTypes nines = new AllTypes();
        assertTrue(wire(WireType.YAML, "float64: 0.99999999999999999\n").readDocument(nines));
        assertEquals(1.0, nines.float64, "the double nearest to it");
    }

    /** Regression: "%YAML 2.0" was read as if it were 1.2; YAML 1.2 has a later major version rejected. */
    @Test
    void aLaterMajorVersionIsRefusedAndALaterMinorVersionRead() {
        for (String version : new String[] {"2.0", "02.1", "10.2", "0.9"}) {
            String yaml = "%YAML " + version + "\n---\nid: 1\n";
            WireException e = assertThrows(WireException.class, () -> read(yaml), version);
            assertTrue(e.getMessage().contains("major version 1"), e.getMessage());
            assertThrows(WireException.class, () -> wire(WireType.YAML, yaml).readDocument(new Order()), version);
        }
        for (String version : new String[] {"1.2", "1.1", "1.3", "01.2"}) {
            assertEquals(Map.of("id", 1L), read("%YAML " + version + "\n---\nid: 1\n"), version);
        }
    }

    /** Regression: !!map on a sequence and !!seq on a mapping were ignored, so the tag's claim was lost. */
    @Test
    void aCoreTagOfAnotherKindOfNodeIsRefused() {
        for (String yaml : new String[] {"!!map [a]\n", "!!seq {a: 1}\n", "!!map a\n", "!!seq a\n", "!!str [a]\n",
                "!!int {a: 1}\n", "!!set [a]\n", "!!omap {a: 1}\n", "x: !!seq\n  a: 1\n", "- !!map\n  - a\n"}) {
            WireException e = assertThrows(WireException.class, () -> read(yaml), yaml);
            assertTrue(e.getMessage().contains("as its tag !!"), e.getMessage());
        }
        assertEquals(Map.of("a", 1L), read("!!map {a: 1}\n"));
        assertEquals(List.of("a"), read("!!seq [a]\n"));
        assertEquals(List.of(Map.of("a", 1L)), read("!!omap [a: 1]\n"));
        assertEquals(java.util.Collections.singletonMap("a", null), read("!!set {a: }\n"));
        assertEquals("[a]", read("!!str '[a]'\n"));
    }
}
