package io.zwire.testkit;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the composite fuzz targets count as zwire and an oracle reading different values ({@link OracleTrees}). */
class OracleTreesTest {
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static void assertFinding(Object input, Object rewritten, String path) {
        AssertionError error = assertThrows(AssertionError.class, () -> OracleTrees.assertAgrees(input, rewritten, "doc"));
        assertTrue(error.getMessage().contains(" at " + path + ":"), error.getMessage());
    }

    @Test
    void aFieldTheDocumentLeavesOutAgreesWithItsDefault() {
        OracleTrees.assertAgrees(map(), map("id", BigInteger.ZERO, "symbol", null, "firm", false, "limits", map(),
                "history", List.of()), "doc");
        assertFinding(map(), map("id", BigInteger.ONE), "$.id");
        assertFinding(map(), map("bid", -0.0), "$.bid");
    }

    /**
     * Found by CI's 10 s campaign of {@code YamlFuzzTest#yamlComposite} (corpus
     * {@code yamlComposite/null-party-read-into-a-new-party}): MapKinds reads each party into a new
     * Party, and {@code ValueIn.marshallable(into)} reads a null as every field's default, so
     * {@code 9223372036854775807:} with no value reads as a Party of defaults, which zwire writes as
     * an object where the document held null.
     */
    @Test
    void aNullAgreesWithAnObjectOfDefaultsButNotWithAnObjectHoldingAValue() {
        OracleTrees.assertAgrees(map("parties", map("9223372036854775807", new OracleTrees.Scalar(null, ""))),
                map("parties", map("9223372036854775807", map("name", new OracleTrees.Scalar(null, "null"),
                        "account", null, "id", new OracleTrees.Scalar(BigInteger.ZERO, "0")))), "doc");
        assertFinding(map("parties", map("7", null)), map("parties", map("7", map("name", "P", "id", BigInteger.ZERO))),
                "$.parties.7");
        assertFinding(map("parties", map("7", null)), map("parties", map("7", map("name", null, "id", BigInteger.TWO))),
                "$.parties.7");
        assertFinding(map("limits", null), map("limits", map("EURUSD", 0.0)), "$.limits");
        assertFinding(map("limits", null), map("limits", map("size", 0.0)), "$.limits");
        assertFinding(map("nested", map("1", null)), map("nested", map("1", map("x", BigInteger.ZERO))), "$.nested.1");
    }

    @Test
    void aValueThatDiffersIsAFinding() {
        assertFinding(map("id", BigInteger.valueOf(5)), map("id", BigInteger.valueOf(6)), "$.id");
        assertFinding(map("symbol", "5"), map("symbol", BigInteger.valueOf(5)), "$.symbol");
        assertFinding(map("children", List.of(map("name", "a"))), map("children", List.of()), "$.children");
    }

    @Test
    void aMapEntryTheReadLeftOutIsAFindingWhereAnUnknownFieldIsNot() {
        assertFinding(map("limits", map("EURUSD", 1.0, "GBPUSD", 2.0)), map("limits", map("EURUSD", 1.0)), "$.limits.GBPUSD");
        assertFinding(map("limits", map("EURUSD", 1.0)), map("limits", map()), "$.limits.EURUSD");
        OracleTrees.assertAgrees(map("id", BigInteger.ONE, "unknown", "x"), map("id", BigInteger.ONE), "doc");
    }

    @Test
    void integerKeysMatchAsIntegers() {
        OracleTrees.assertAgrees(map("names", map("07", "seven")), map("names", map("7", "seven")), "doc");
        assertFinding(map("names", map("08", "eight")), map("names", map("7", "eight")), "$.names.7");
    }

    @Test
    void aFloatAgreesRoundedToADoubleAndAnIntegerOnlyExactly() {
        OracleTrees.assertAgrees(map("bid", new BigDecimal("0.10000000000000001")), map("bid", 0.1), "doc");
        OracleTrees.assertAgrees(map("bid", new BigDecimal("1e400")), map("bid", "Infinity"), "doc");
        OracleTrees.assertAgrees(map("id", new BigDecimal("1.0E1")), map("id", BigInteger.TEN), "doc");
        assertFinding(map("id", new BigDecimal("1.5")), map("id", BigInteger.ONE), "$.id");
        assertFinding(map("bid", 0.5), map("bid", 0.25), "$.bid");
    }

    @Test
    void yamlTextAgreesWithAScalarOfThatTextButNotWithANull() {
        OracleTrees.assertAgrees(map("symbol", new OracleTrees.Scalar(BigInteger.valueOf(89), "89")),
                map("symbol", new OracleTrees.Scalar("89", "89")), "doc");
        assertFinding(map("symbol", new OracleTrees.Scalar(null, "null")), map("symbol", new OracleTrees.Scalar("null", "null")),
                "$.symbol");
    }
}
