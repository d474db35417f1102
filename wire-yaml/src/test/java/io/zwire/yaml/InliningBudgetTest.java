package io.zwire.yaml;

import io.zwire.testkit.BytecodeSizes;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BytecodeSizes.FREQ_INLINE_SIZE;
import static io.zwire.testkit.BytecodeSizes.VALUE_WRITES;

/**
 * The text wires' per-field methods stay within the size C2 inlines at a hot call site (see the
 * comment on finding fields in YamlWireReader and the one on readLine in SimpleLineScanner), so a type
 * with many fields keeps its reads and writes inlined into its readMarshallable and
 * writeMarshallable.
 */
class InliningBudgetTest {
    /** The value reads the shared reader core implements once for every keyed wire: the integer narrowings. */
    private static final String[] CORE_VALUE_READS = {"int8", "int16", "uint16", "int32", "int64"};
    /** The rest of {@link BytecodeSizes#VALUE_READS}, which each text wire implements itself. */
    private static final String[] WIRE_VALUE_READS = {"char16", "float32", "float64", "bool", "text", "asEnum"};

    @Test
    void yamlFieldAndValueMethodsInline() {
        BytecodeSizes.of(YamlWireReader.class)
                .assertAtMost(FREQ_INLINE_SIZE, "find", "readInteger")
                .assertAtMost(FREQ_INLINE_SIZE, WIRE_VALUE_READS);
        BytecodeSizes.of(YamlWireWriter.class)
                .assertAtMost(FREQ_INLINE_SIZE, "field", "integer", "scalarEntry")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
        // Past the budget, number is not inlined into readLine, and every number line pays a call.
        BytecodeSizes.of("io.zwire.yaml.parse.SimpleLineScanner").assertAtMost(FREQ_INLINE_SIZE, "number");
    }

    @Test
    void jsonFieldAndValueMethodsInline() {
        BytecodeSizes.of("io.zwire.json.JsonWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "find", "readInteger")
                .assertAtMost(FREQ_INLINE_SIZE, WIRE_VALUE_READS);
        BytecodeSizes.of("io.zwire.internal.KeyedWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "field", "at", "integer", "ranged")
                .assertAtMost(FREQ_INLINE_SIZE, CORE_VALUE_READS);
        BytecodeSizes.of("io.zwire.json.JsonWireWriter")
                .assertAtMost(FREQ_INLINE_SIZE, "field")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
    }

    @Test
    void keyAndNumberHelpersInline() {
        BytecodeSizes.of("io.zwire.text.keys.FieldKeys")
                .assertAtMost(FREQ_INLINE_SIZE, "copy", "copyAfter", "matches", "matchesAfterComma");
        BytecodeSizes.of("io.zwire.internal.LongToDecimal").assertAtMost(FREQ_INLINE_SIZE, "writeLong", "writeInt");
        BytecodeSizes.of("io.zwire.text.number.AsciiDigits").assertAtMost(FREQ_INLINE_SIZE, "count");
    }
}
