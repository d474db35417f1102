package io.zwire.json;

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

/** A JSON number a float field cannot hold is refused, as an integer out of range is; read lossily only when asked. */
class JsonFloatRangeTest {
    private static Wire wire(String json, boolean lossy) {
        return WireType.JSON.apply(Bytes.wrap(json.getBytes(StandardCharsets.UTF_8)), WireOptions.defaults().withLossyFloats(lossy));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"float64\":1e400}", "{\"float64\":-1e400}", "{\"float64\":1e-400}", "{\"float64\":\"1e400\"}",
        "{\"float32\":1e300}", "{\"float32\":1e-50}", "{\"float32\":\"-1e39\"}"})
    void aFiniteNumberAFloatFieldCannotHoldIsRefusedAtItsOffset(String json) {
        WireException e = assertThrows(WireException.class, () -> wire(json, false).readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains(json.contains("float64") ? "a float64 within its range" : "a float32 within its range"),
                e.getMessage());
        assertEquals(json.indexOf(':') + 1 + (json.contains(":\"") ? 1 : 0), e.offset(), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"float64\":1e400,\"float32\":1e300}", "{\"float64\":\"1e400\",\"float32\":\"1e300\"}"})
    void lossyFloatsReadsThemAsInfinity(String json) {
        AllTypes read = new AllTypes();
        assertTrue(wire(json, true).readDocument(read));
        assertEquals(Double.POSITIVE_INFINITY, read.float64);
        assertEquals(Float.POSITIVE_INFINITY, read.float32);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"float64\":0e400,\"float32\":1.1}", "{\"float64\":\"Infinity\",\"float32\":-0.0}"})
    void zeroRoundingAndInfinityWrittenAsSuchAreRead(String json) {
        AllTypes read = new AllTypes();
        assertTrue(wire(json, false).readDocument(read));
        assertTrue(read.float64 == 0 || read.float64 == Double.POSITIVE_INFINITY);
        assertTrue(read.float32 == 1.1f || read.float32 == 0f);
    }
}
