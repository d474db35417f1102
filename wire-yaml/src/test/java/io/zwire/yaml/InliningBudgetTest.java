package io.zwire.yaml;

import io.zwire.testkit.BytecodeSizes;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BytecodeSizes.FREQ_INLINE_SIZE;
import static io.zwire.testkit.BytecodeSizes.VALUE_READS;
import static io.zwire.testkit.BytecodeSizes.VALUE_WRITES;

/**
 * The text wires' per-field methods stay within the size C2 inlines at a hot call site (see the
 * comment on finding fields in YamlWireReader and the one on readLine in SimpleLineScanner), so a type
 * with many fields keeps its reads and writes inlined into its readMarshallable and
 * writeMarshallable.
 */
class InliningBudgetTest {

    @Test
    void yamlFieldAndValueMethodsInline() {
        BytecodeSizes.of(YamlWireReader.class)
                .assertAtMost(FREQ_INLINE_SIZE, "field", "find", "at")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_READS);
        BytecodeSizes.of(YamlWireWriter.class)
                .assertAtMost(FREQ_INLINE_SIZE, "field", "integer", "scalarEntry")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
        // Past the budget, number is not inlined into readLine, and every number line pays a call.
        BytecodeSizes.of("io.zwire.yaml.parse.SimpleLineScanner").assertAtMost(FREQ_INLINE_SIZE, "number");
    }

    @Test
    void jsonFieldAndValueMethodsInline() {
        BytecodeSizes.of("io.zwire.json.JsonWireReader")
                .assertAtMost(FREQ_INLINE_SIZE, "field", "find", "at")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_READS);
        BytecodeSizes.of("io.zwire.json.JsonWireWriter")
                .assertAtMost(FREQ_INLINE_SIZE, "field")
                .assertAtMost(FREQ_INLINE_SIZE, VALUE_WRITES);
    }

    @Test
    void keyAndNumberHelpersInline() {
        BytecodeSizes.of("io.zwire.text.keys.FieldKeys")
                .assertAtMost(FREQ_INLINE_SIZE, "copy", "copyAfter", "matches", "matchesAfterComma");
        BytecodeSizes.of("io.zwire.text.number.LongToDecimal").assertAtMost(FREQ_INLINE_SIZE, "writeLong", "writeInt");
        BytecodeSizes.of("io.zwire.text.number.AsciiDigits").assertAtMost(FREQ_INLINE_SIZE, "count");
    }
}
