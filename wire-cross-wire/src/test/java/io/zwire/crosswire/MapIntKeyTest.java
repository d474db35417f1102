package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;

class MapIntKeyTest {
    static final Field M = Field.of(1, "m");

    static final class Int64Keys implements Marshallable {
        List<Long> keys = new ArrayList<>();
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { while (m.hasNextEntry()) { o.keys.add(m.int64Key()); m.int32(); } });
        }
    }
    static final class Int32Keys implements Marshallable {
        List<Integer> keys = new ArrayList<>();
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { while (m.hasNextEntry()) { o.keys.add(m.int32Key()); m.int32(); } });
        }
    }

    static void refused(WireType type, String doc, Marshallable target) {
        Wire w = type.apply(Bytes.wrap(doc.getBytes(StandardCharsets.UTF_8)));
        assertThrows(WireException.class, () -> w.readDocument(target), () -> type + " " + doc + " read " + target);
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775808", "18446744073709551621", "-9223372036854775809", "99999999999999999999",
            "1e3", "0x10", "", " 5", "5 ", "5.0", "--5", "-", "5a", "٥"})
    void jsonIntegerKeysOutOfRangeOrNotIntegersAreRefused(String key) {
        refused(WireType.JSON, "{\"m\": {\"" + key + "\": 1}}", new Int64Keys());
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775808", "18446744073709551621", "-9223372036854775809", "99999999999999999999",
            "1e3", "''", "'5a'", "5.0", "--5", "~", "null", "true", "[1]", "{a: 1}", "٥"})
    void yamlIntegerKeysOutOfRangeOrNotIntegersAreRefused(String key) {
        refused(WireType.YAML, "m:\n  " + key + ": 1\n", new Int64Keys());
    }

    @ParameterizedTest
    @ValueSource(strings = {"4294967301", "2147483648", "-2147483649"})
    void int32KeysOutOfRangeAreRefused(String key) {
        refused(WireType.JSON, "{\"m\": {\"" + key + "\": 1}}", new Int32Keys());
        refused(WireType.YAML, "m:\n  " + key + ": 1\n", new Int32Keys());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1bffffffffffffffff", "3bffffffffffffffff", "1b8000000000000000", "fa3f800000", "f6", "40"})
    void cborIntegerKeysOutOfRangeOrNotIntegersAreRefused(String keyHex) {
        byte[] key = java.util.HexFormat.of().parseHex(keyHex);
        byte[] head = {(byte) 0xa1, 0x61, 'm', (byte) 0xa1};
        byte[] doc = new byte[head.length + key.length + 1];
        System.arraycopy(head, 0, doc, 0, head.length);
        System.arraycopy(key, 0, doc, head.length, key.length);
        doc[doc.length - 1] = 0x01;
        Wire w = WireType.BINARY.apply(Bytes.wrap(doc));
        assertThrows(WireException.class, () -> w.readDocument(new Int64Keys()), keyHex);
    }
}
