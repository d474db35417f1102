package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A CBOR map whose keys are byte strings, text and an empty byte string, with a nested map, goes
 * to YAML (byte-string keys as {@code !!binary}) and back to the same CBOR bytes: a conversion
 * keeps what CBOR holds (wire-binary's {@code CborMapKeysTest} holds CBOR to CBOR).
 */
class CborKeysThroughYamlTest {
    @Test
    void byteStringKeysRoundTripCborToYamlToCborByteForByte() {
        byte[] cbor = HexFormat.of().parseHex("a341ff0162c3bf0240a1420001f6");
        Bytes yaml = Bytes.elastic(64);
        WireType.YAML.apply(yaml).writeValue(readOne(WireType.BINARY.apply(Bytes.wrap(cbor))));
        Object fromYaml = readOne(WireType.YAML.apply(yaml));
        Bytes back = Bytes.elastic(64);
        WireType.BINARY.apply(back).writeValue(fromYaml);
        assertArrayEquals(cbor, back.toByteArray());
    }

    private static Object readOne(Wire wire) {
        List<Object> values = new ArrayList<>();
        assertTrue(wire.readValue(values::add));
        assertFalse(wire.readValue(values::add));
        return values.get(0);
    }
}
