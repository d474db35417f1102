package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class MapHostileInputTest {
    static final Field M = Field.of(1, "m");

    /** Reads keys only: every value is skipped. */
    static final class KeysOnly implements Marshallable {
        int n;
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { while (m.hasNextEntry()) { m.textKey(); o.n++; } });
        }
    }
    /** Reads nothing: the map is an unexpected field. */
    static final class Nothing implements Marshallable {
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) { }
    }

    static void expectWireException(WireType type, byte[] doc, Marshallable target) {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            Wire w = type.apply(Bytes.wrap(doc));
            assertThrows(WireException.class, () -> w.readDocument(target));
        });
    }

    static byte[] deepJson(String open, int depth) {
        StringBuilder sb = new StringBuilder("{\"m\": {\"k\": ");
        for (int i = 0; i < depth; i++) sb.append(open);
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test void jsonDeepMapsSkipped() { expectWireException(WireType.JSON, deepJson("{\"a\": ", 200_000), new KeysOnly()); }
    @Test void jsonDeepMapsUnexpected() { expectWireException(WireType.JSON, deepJson("{\"a\": ", 200_000), new Nothing()); }
    @Test void yamlDeepFlowMapsSkipped() {
        StringBuilder sb = new StringBuilder("m:\n  k: ");
        for (int i = 0; i < 200_000; i++) sb.append("{a: ");
        expectWireException(WireType.YAML, sb.toString().getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }
    @Test void yamlDeepFlowMapsUnexpected() {
        StringBuilder sb = new StringBuilder("m:\n  k: ");
        for (int i = 0; i < 200_000; i++) sb.append("{a: ");
        expectWireException(WireType.YAML, sb.toString().getBytes(StandardCharsets.UTF_8), new Nothing());
    }
    @Test void yamlDeepFlowKeys() {
        StringBuilder sb = new StringBuilder("m: {");
        for (int i = 0; i < 200_000; i++) sb.append("{");
        expectWireException(WireType.YAML, sb.toString().getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }

    static byte[] cborDeep(int depth, boolean definite) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0xa1); b.write(0x61); b.write('m');
        b.write(0xa1); b.write(0x61); b.write('k');
        for (int i = 0; i < depth; i++) { b.write(definite ? 0xa1 : 0xbf); b.write(0x61); b.write('a'); }
        return b.toByteArray();
    }
    @Test void cborDeepMapsSkipped() { expectWireException(WireType.BINARY, cborDeep(200_000, true), new KeysOnly()); }
    @Test void cborDeepIndefiniteMapsSkipped() { expectWireException(WireType.BINARY, cborDeep(200_000, false), new KeysOnly()); }
    @Test void cborDeepMapsUnexpected() { expectWireException(WireType.BINARY, cborDeep(200_000, true), new Nothing()); }
    @Test void cborDeepMapKeys() {
        // a map whose key is a map whose key is a map ...
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0xa1); b.write(0x61); b.write('m'); b.write(0xa1);
        for (int i = 0; i < 200_000; i++) b.write(0xa1);
        expectWireException(WireType.BINARY, b.toByteArray(), new KeysOnly());
    }
    @Test void cborHugeMapCount() {
        byte[] doc = {(byte) 0xa1, 0x61, 'm', (byte) 0xbb, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x61, 'a', 0x01};
        expectWireException(WireType.BINARY, doc, new KeysOnly());
        expectWireException(WireType.BINARY, doc, new Nothing());
    }
    @Test void cborIntKeyReadAsText() {
        byte[] doc = {(byte) 0xa1, 0x61, 'm', (byte) 0xa1, 0x05, 0x01};
        expectWireException(WireType.BINARY, doc, new KeysOnly());
    }
    @Test void jsonKeyNotString() {
        expectWireException(WireType.JSON, "{\"m\": {5: 1}}".getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }
    @Test void jsonMapIsArray() {
        expectWireException(WireType.JSON, "{\"m\": [1,2]}".getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }
    @Test void yamlMapIsScalar() {
        expectWireException(WireType.YAML, "m: 5\n".getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }
    @Test void yamlMapIsSequence() {
        expectWireException(WireType.YAML, "m:\n  - 1\n".getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }
    @Test void yamlComplexKey() {
        expectWireException(WireType.YAML, "m:\n  ? [a, b]\n  : 1\n".getBytes(StandardCharsets.UTF_8), new KeysOnly());
    }

    /** Reads every value as a map, to any depth: each alias to a map is expanded. */
    static final class AllMaps implements Marshallable {
        long maps;
        static void entries(AllMaps o, io.zwire.ValueIn m) {
            o.maps++;
            while (m.hasNextEntry()) { m.textKey(); m.map(o, AllMaps::entries); }
        }
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) { in.read(M).map(this, AllMaps::entries); }
    }

    @Test void yamlBillionLaughsOfMaps() {
        StringBuilder sb = new StringBuilder("x0: &a0 {}\n");
        for (int i = 1; i <= 9; i++) {
            sb.append("x").append(i).append(": &a").append(i).append(" {");
            for (int k = 0; k < 10; k++) sb.append(k == 0 ? "" : ", ").append('k').append(k).append(": *a").append(i - 1);
            sb.append("}\n");
        }
        sb.append("m: {r: *a9}\n");
        expectWireException(WireType.YAML, sb.toString().getBytes(StandardCharsets.UTF_8), new AllMaps());
    }
}
