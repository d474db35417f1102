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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Malformed bytes in the value of a key the type does not read, crossed while the reader looks
 * for a field further on (a read out of order, or the next field in order): the error is the
 * object's, not the field looked for, whose own value is well-formed. Naming that field would send
 * the user to a value that is fine. So are bytes past the field's own value (a stray comma, a bad
 * next key, also when the field would be the next one in order), and a value named and left
 * unread, refused as it is skipped. The field's own bad value, met on the way, is the field's.
 * (NUMBERED checks every field of a message when it enters it, so its errors there name the
 * object already; RAW looks nothing up.)
 */
class ErrorPathOfUnreadFieldsTest {
    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");

    public static final class Pair implements Marshallable {
        long a;
        long b;

        @Override public void writeMarshallable(WireOut out) {
            out.write(A).int64(a).write(B).int64(b);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(A).int64(this, (p, v) -> p.a = v).read(B).int64(this, (p, v) -> p.b = v);
        }
    }

    /** Holds a {@link Pair}, so that the object named is a nested one. */
    public static final class Holder implements Marshallable {
        static final Field PAIR = Field.of(1, "pair");
        final Pair pair = new Pair();

        @Override public void writeMarshallable(WireOut out) {
            out.write(PAIR).marshallable(pair);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(PAIR).marshallable(pair);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "JSON          | {\"b\": 2, \"extra\": [1, 2, tru], \"a\": 1}\\n             | Pair",
        "JSON          | {\"a\": 1, \"extra\": {\"q\": [1, tru]}, \"b\": 2}\\n       | Pair",
        "JSON          | {\"b\": 2, \"a\": tru}\\n                                 | Pair.a",
        "YAML          | b: 2\\nextra: [1, 2, \"unterminated]\\na: 1\\n                | Pair",
        "YAML          | a: 1\\nextra: {q: [1, \"unterminated]}\\nb: 2\\n              | Pair",
        "YAML          | b: 2\\na: [1\\n                                           | Pair.a",
        "JSON          | {\"b\": 2, \"a\": 1,}\\n                               | Pair",
        "YAML          | b: 2\\na: 1\\n\"c: 3\\n                                   | Pair",
        "YAML_NUMBERED | 2: 2\\n9: [1, 2, \"unterminated]\\n1: 1\\n                    | Pair",
        "YAML_NUMBERED | 1: 1\\n9: {q: [1, \"unterminated]}\\n2: 2\\n                  | Pair",
        "JSON          | {\"a\": 1, \"b: 2}\\n                                  | Pair",
        "JSON          | {\"a\": 1, b\": 2}\\n                                  | Pair",
        "JSON          | {\"a: 1, \"b\": 2}\\n                                  | Pair",
        "YAML          | a: 1\\n\"b: 2\\n                                       | Pair",
        "YAML_NUMBERED | 1: 1\\n\"2: 2\\n                                       | Pair",
    })
    void malformedBytesInAnUnreadKeysValueAreTheObjectsErrorNotTheFieldLookedFor(WireType type, String escaped,
                                                                                  String path) {
        byte[] input = escaped.replace("\\n", "\n").getBytes(StandardCharsets.UTF_8);
        Wire wire = type.apply(Bytes.wrap(input));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Pair()));
        assertEquals(path, e.path(), e.getMessage());
    }

    /** Names {@code a} and reads its value only when told to: the value left unread is skipped before b's key. */
    public static final class SometimesA implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(A).int64(1).write(B).int64(2);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(A);
            in.read(B).int64(this, (p, v) -> { });
        }
    }

    /**
     * A value named and left unread is refused as it is skipped to find the next field: its bytes
     * are not the next field's, so the object is named.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "JSON          | {\"a\": tru, \"b\": 2}\\n",
        "YAML          | a: [1\\nb: 2\\n",
        "YAML_NUMBERED | 1: [1\\n2: 2\\n",
    })
    void aValueLeftUnreadAndRefusedAsItIsSkippedIsTheObjectsError(WireType type, String escaped) {
        byte[] input = escaped.replace("\\n", "\n").getBytes(StandardCharsets.UTF_8);
        Wire wire = type.apply(Bytes.wrap(input));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new SometimesA()));
        assertEquals("SometimesA", e.path(), e.getMessage());
    }

    /** As on the text wires: {"a": a reserved item, "b": 2}. */
    @Test
    void onBinaryAValueLeftUnreadAndRefusedAsItIsSkippedIsTheObjectsError() {
        Wire wire = WireType.BINARY.apply(Bytes.wrap(HexFormat.of().parseHex("A261611C616202")));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new SometimesA()));
        assertEquals("SometimesA", e.path(), e.getMessage());
    }

    /**
     * BINARY (CBOR): {"b": 2, "extra": [1, 2, a reserved item], "a": 1}, read a first, and the
     * same inside a {@link Holder}; then a well-formed extra entry and a bad value of a's own; then
     * a reserved item where a third key should follow a's value.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "A3 6162 02 6565787472 61 83 01 02 1C 6161 01            | false | Pair",
        "A1 6470616972 A3 6162 02 6565787472 61 83 01 02 1C 6161 01 | true | Holder.pair",
        "A3 6162 02 6565787472 61 83 01 02 03 6161 1C            | false | Pair.a",
        "A3 6162 02 6161 01 1C 01                                | false | Pair",
        "A2 6161 01 1C 02                                        | false | Pair",
    })
    void onBinaryTheObjectIsNamedToo(String hex, boolean held, String path) {
        Wire wire = WireType.BINARY.apply(Bytes.wrap(HexFormat.of().parseHex(hex.replace(" ", ""))));
        WireException e = assertThrows(WireException.class,
                () -> wire.readDocument(held ? new Holder() : new Pair()));
        assertEquals(path, e.path(), e.getMessage());
    }
}
