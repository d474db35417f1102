package io.zwire;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The API's own checks, without any wire module on the class path. */
class ApiTest {
    @Test
    void aWireTypeWithoutItsModuleSaysWhichModuleIsMissing() {
        assertFalse(WireType.YAML.isAvailable());
        assertTrue(WireType.available().isEmpty());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> WireType.RAW.apply(Bytes.elastic(8)));
        assertEquals("WireType.RAW needs the io.zwire:wire-binary module on the class or module path", e.getMessage());
    }

    @Test
    void fieldsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> Field.of(0, "zero"));
        assertThrows(IllegalArgumentException.class, () -> Field.of(19_500, "reserved by protobuf"));
        assertThrows(IllegalArgumentException.class, () -> Field.of(Field.MAX_NUMBER + 1, "too big"));
        assertThrows(IllegalArgumentException.class, () -> Field.of(1, ""));
        Field field = Field.of(Field.MAX_NUMBER, "caf\u00e9");
        assertEquals(5, field.nameLength());
        assertEquals("536870911:caf\u00e9", field.toString());
    }

    @Test
    void wireTypesDescribeThemselves() {
        assertTrue(WireType.YAML.isText() && WireType.JSON.isText() && !WireType.BINARY.isText());
        assertTrue(WireType.NUMBERED.usesFieldNumbers() && WireType.YAML_NUMBERED.usesFieldNumbers());
        assertFalse(WireType.RAW.isSelfDescribing());
        assertTrue(WireType.BINARY.isSelfDescribing());
    }

    @Test
    void readLimitsAreImmutableAndValidated() {
        ReadLimits limits = ReadLimits.defaults().withMaxDepth(8);
        assertEquals(8, limits.maxDepth());
        assertEquals(64, ReadLimits.defaults().maxDepth());
        assertThrows(IllegalArgumentException.class, () -> ReadLimits.defaults().withMaxTextBytes(0));
    }
}
