package io.zwire.conversion;

import io.zwire.WireType;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;

import java.util.List;

import static io.zwire.conversion.ConversionTable.writes;

/**
 * JSON, YAML and NUMBERED to every wire: RFC 8949 appendix A's values as those wires write them,
 * numbers past what a double holds exactly, and the numbers no Java type holds (issue 31: JSON
 * {@code 1e9999999999} became the string "Infinity", {@code 1e-9999999999} became 0.0), which
 * are refused where they are read.
 */
class TextConversionTableTest {
    private static final String BEYOND_BIG_DECIMAL = "a number whose exponent BigDecimal can hold (a 32-bit scale), found ";

    @TestFactory
    List<DynamicContainer> jsonNumbers() {
        return new ConversionTable(WireType.JSON)
                .row("0", writes("00"), writes("--- 0\n"), writes("0\n"))
                .row("-1000", writes("3903e7"), writes("--- -1000\n"), writes("-1000\n"))
                .row("18446744073709551615", writes("1bffffffffffffffff"), writes("--- 18446744073709551615\n"),
                        writes("18446744073709551615\n"))
                .row("18446744073709551616", writes("c249010000000000000000"), writes("--- 18446744073709551616\n"),
                        writes("18446744073709551616\n"))
                .row("-18446744073709551617", writes("c349010000000000000000"), writes("--- -18446744073709551617\n"),
                        writes("-18446744073709551617\n"))
                .row("1.0", writes("f93c00"), writes("--- 1.0\n"), writes("1.0\n"))
                .row("1.1", writes("fb3ff199999999999a"), writes("--- 1.1\n"), writes("1.1\n"))
                .row("-0.0", writes("f98000"), writes("--- -0.0\n"), writes("-0.0\n"))
                .row("100000.0", writes("fa47c35000"), writes("--- 100000.0\n"), writes("100000.0\n"))
                .row("3.4028234663852886e+38", writes("fa7f7fffff"), writes("--- 3.4028234663852886E+38\n"),
                        writes("3.4028234663852886E38\n"))
                .row("1.0e+300", writes("fb7e37e43c8800759c"), writes("--- 1.0E+300\n"), writes("1.0E300\n"))
                .row("5.960464477539063e-8", writes("f90001"), writes("--- 5.960464477539063E-8\n"), writes("5.960464477539063E-8\n"))
                .row("1E+3", writes("f963d0"), writes("--- 1000.0\n"), writes("1000.0\n"))
                // no double is exactly these: a decimal fraction on CBOR, the same digits on text
                .row("1e400", writes("c48219019001"), writes("--- 1E+400\n"), writes("1E+400\n"))
                .row("1e-400", writes("c48239018f01"), writes("--- 1E-400\n"), writes("1E-400\n"))
                .row("0.99999999999999999", writes("c482301b016345785d89ffff"), writes("--- 0.99999999999999999\n"),
                        writes("0.99999999999999999\n"))
                // a zero is a zero whatever its exponent
                .row("0e9999999999", writes("f90000"), writes("--- 0.0\n"), writes("0.0\n"))
                .unreadable("1e9999999999", 0, BEYOND_BIG_DECIMAL + "1e9999999999")
                .unreadable("1e-9999999999", 0, BEYOND_BIG_DECIMAL + "1e-9999999999")
                .unreadable("-1e9999999999", 0, BEYOND_BIG_DECIMAL + "-1e9999999999")
                .unreadable("{\"a\":[1e9999999999]}", 6, BEYOND_BIG_DECIMAL + "1e9999999999")
                .pairs();
    }

    @TestFactory
    List<DynamicContainer> jsonTextAndStructures() {
        return new ConversionTable(WireType.JSON)
                .row("\"\\ud800\\udd51\"", writes("64f0908591"), writes("--- \ud800\udd51\n"), writes("\"\ud800\udd51\"\n"))
                .row("{\"a\":1,\"b\":[2,3]}", writes("a26161016162820203"), writes("---\na: 1\nb:\n  - 2\n  - 3\n"),
                        writes("{\"a\":1,\"b\":[2,3]}\n"))
                .row("[\"a\",{\"b\":\"c\"}]", writes("826161a161626163"), writes("---\n- a\n- b: c\n"), writes("[\"a\",{\"b\":\"c\"}]\n"))
                .row("[true,false,null]", writes("83f5f4f6"), writes("---\n- true\n- false\n- null\n"), writes("[true,false,null]\n"))
                .pairs();
    }

    @TestFactory
    List<DynamicContainer> yamlValues() {
        return new ConversionTable(WireType.YAML)
                .row("--- 1.5", writes("f93e00"), writes("--- 1.5\n"), writes("1.5\n"))
                .row("--- 0x1F", writes("181f"), writes("--- 31\n"), writes("31\n"))
                .row("--- 18446744073709551616", writes("c249010000000000000000"), writes("--- 18446744073709551616\n"),
                        writes("18446744073709551616\n"))
                .row("--- .nan", writes("f97e00"), writes("--- .nan\n"), writes("\"NaN\"\n"))
                .row("--- -.inf", writes("f9fc00"), writes("--- -.inf\n"), writes("\"-Infinity\"\n"))
                .row("--- !!binary AQIDBA==", writes("4401020304"), writes("--- !!binary AQIDBA==\n"), writes("\"AQIDBA==\"\n"))
                .row("--- !Foo\na: 1", writes("d81b8263466f6fa1616101"), writes("--- !Foo\na: 1\n"), writes("{\"@Foo\":{\"a\":1}}\n"))
                .row("--- [1, [2, 3]]", writes("8201820203"), writes("---\n- 1\n- - 2\n  - 3\n"), writes("[1,[2,3]]\n"))
                .row("--- {1: a, 2: b}", writes("a2016161026162"), writes("---\n1: a\n2: b\n"), writes("{\"1\":\"a\",\"2\":\"b\"}\n"))
                .row("--- 1e400", writes("c48219019001"), writes("--- 1E+400\n"), writes("1E+400\n"))
                .unreadable("1e9999999999", 0, BEYOND_BIG_DECIMAL + "1e9999999999")
                .unreadable("--- 1e-9999999999", 4, BEYOND_BIG_DECIMAL + "1e-9999999999")
                .unreadable("--- !!float 1e9999999999", 12, "a value of the type its tag !!float names")
                .pairs();
    }

    /** NUMBERED (a document is its varint length, then the message) reads as {@code protoc --decode_raw} does. */
    @TestFactory
    List<DynamicContainer> numberedValues() {
        return new ConversionTable(WireType.NUMBERED)
                .row("03089601", writes("a1011896"), writes("---\n1: 150\n"), writes("{\"1\":150}\n"))
                .pairs();
    }

    /** The review findings on issue 31 section 3 that start on text; each row failed on 9affcfc. */
    @TestFactory
    List<DynamicContainer> reviewFindingsKeptOrRefused() {
        return new ConversionTable(WireType.JSON)
                // an exponent beyond an int whose BigDecimal scale fits one: what BigDecimal.toString writes
                .row("4660E+2147483647", writes("c4821a7fffffff191234"), writes("--- 4.660E+2147483650\n"),
                        writes("4.660E+2147483650\n"))
                .row("4.660E+2147483650", writes("c4821a7fffffff191234"), writes("--- 4.660E+2147483650\n"),
                        writes("4.660E+2147483650\n"))
                .row("1E-2147483647", writes("c4823a7ffffffe01"), writes("--- 1E-2147483647\n"), writes("1E-2147483647\n"))
                .unreadable("1E-2147483648", 0, BEYOND_BIG_DECIMAL + "1E-2147483648")
                .unreadable("10E+2147483649", 0, BEYOND_BIG_DECIMAL + "10E+2147483649")
                .pairs();
    }

    /** YAML compares keys by value as the CBOR reader does: scale does not make two keys. */
    @TestFactory
    List<DynamicContainer> yamlKeysEqualByValueAreOneKey() {
        return new ConversionTable(WireType.YAML)
                .unreadable("--- {1E-400: a, 1.0E-400: b}", 24, "unique keys in a mapping, found 1.0E-400 twice")
                .unreadable("--- {0.5: a, 0.50: b}", 17, "unique keys in a mapping, found 0.5 twice")
                .pairs();
    }
}
