package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CBOR undefined is no number or bool, and a double a float32 field cannot hold is refused. */
class CborNumberKindsTest {
    private static Wire wire(byte[] cbor, boolean lossy) {
        return WireType.BINARY.apply(Bytes.wrap(cbor), WireOptions.defaults().withLossyFloats(lossy));
    }

    /** {name: undefined}. */
    private static byte[] undefined(String name) {
        return CborBytes.of(0xA1).text(name).raw(0xF7).toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"int32", "int64", "int8", "float32", "float64", "bool"})
    void undefinedIsRefusedWhereANumberOrBoolIsRead(String field) {
        byte[] cbor = undefined(field);
        WireException e = assertThrows(WireException.class, () -> wire(cbor, false).readDocument(new AllTypes()));
        assertEquals(cbor.length - 1, e.offset(), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"int32", "float32", "bool"})
    void nullStillReadsAsTheDefault(String field) {
        AllTypes read = new AllTypes();
        assertTrue(wire(CborBytes.of(0xA1).text(field).raw(0xF6).toByteArray(), false).readDocument(read));
        assertEquals(0, read.int32);
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e300, -1e300, 1e-50})
    void aDoubleAFloat32FieldCannotHoldIsRefusedAndReadLossilyWhenAsked(double value) {
        CborBytes cbor = CborBytes.of(0xA1).text("float32").raw(0xFB);
        long bits = Double.doubleToLongBits(value);
        for (int shift = 56; shift >= 0; shift -= 8) {
            cbor.raw((int) (bits >>> shift) & 0xFF);
        }
        byte[] bytes = cbor.toByteArray();
        WireException e = assertThrows(WireException.class, () -> wire(bytes, false).readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("a float32 within its range"), e.getMessage());
        assertEquals(9, e.offset(), e.getMessage());
        AllTypes read = new AllTypes();
        assertTrue(wire(bytes, true).readDocument(read));
        assertEquals((float) value, read.float32);
    }
}
