package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A YAML scalar that its quotes or tag make a string is no number, and a number a float field
 * cannot hold is refused: both WireExceptions at the scalar.
 */
class YamlNumberKindsTest {
    private static Wire wire(String yaml, boolean lossy) {
        return WireType.YAML.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)), WireOptions.defaults().withLossyFloats(lossy));
    }

    @ParameterizedTest
    @ValueSource(strings = {"int32: !!str 5\n", "int32: '12'\n", "int32: \"12\"\n", "int64: !!float 12\n", "float64: '1.5'\n",
        "float32: !!str 1.5\n", "int8: !!bool 1\n"})
    void aScalarItsQuotesOrTagMakeAStringIsNoNumber(String yaml) {
        WireException e = assertThrows(WireException.class, () -> wire(yaml, false).readDocument(new AllTypes()));
        assertTrue(e.offset() >= yaml.indexOf(':') + 2 && e.offset() < yaml.length(), e.getMessage());
        assertTrue(e.getMessage().contains("quoted scalar") || e.getMessage().contains("tagged as another kind"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"int32: !!int '12'\nfloat64: !!float \"12\"\n", "int32: 12\nfloat64: !!int 12\n", "int32: !!int 0xC\nfloat64: 12.0\n"})
    void aPlainScalarOrOneTaggedAsANumberIsANumber(String yaml) {
        AllTypes read = new AllTypes();
        assertTrue(wire(yaml, false).readDocument(read));
        assertEquals(12, read.int32);
        assertEquals(12.0, read.float64);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float64: 1e400\n", "float64: -1e400\n", "float64: 1e-400\n", "float32: 1e300\n", "float32: 1e-50\n"})
    void aFiniteNumberAFloatFieldCannotHoldIsRefused(String yaml) {
        WireException e = assertThrows(WireException.class, () -> wire(yaml, false).readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("within its range"), e.getMessage());
        AllTypes read = new AllTypes();
        assertTrue(wire(yaml, true).readDocument(read), "lossyFloats reads it");
        assertTrue(read.float64 == 0 || Double.isInfinite(read.float64) || read.float32 == 0 || Float.isInfinite(read.float32));
    }

    @ParameterizedTest
    @ValueSource(strings = {"float64: .inf\nfloat32: -.inf\n", "float64: 0.0e400\nfloat32: 0\n"})
    void anInfinityWrittenAsSuchAndZeroAreNoLoss(String yaml) {
        assertTrue(wire(yaml, false).readDocument(new AllTypes()));
    }
}
