package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MapsOnEveryWireTest {
    static final Field M = Field.of(1, "m");
    static final Field T = Field.of(2, "t");

    static final class TextKeys implements Marshallable {
        List<String> keys = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        long tail;
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> { for (int i = 0; i < o.keys.size(); i++) m.key(o.keys.get(i)).int64(o.values.get(i)); });
            out.write(T).int64(tail);
        }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { o.keys.clear(); o.values.clear();
                while (m.hasNextEntry()) { o.keys.add(m.textKey()); o.values.add(m.int64()); } });
            tail = in.read(T).int64();
        }
    }

    static final class LongKeys implements Marshallable {
        long[] keys = {};
        List<Long> read = new ArrayList<>();
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> { for (long k : o.keys) m.key(k).int32(1); });
        }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { o.read.clear(); while (m.hasNextEntry()) { o.read.add(m.int64Key()); m.int32(); } });
        }
    }

    static final class AskTwice implements Marshallable {
        List<String> keys = new ArrayList<>();
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> { m.key("a").int32(1); m.key("b").int32(2); m.key("c").int32(3); });
        }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { o.keys.clear();
                while (m.hasNextEntry() && m.hasNextEntry()) { o.keys.add(m.textKey()); m.int32(); } });
        }
    }

    /** Reads a key without asking hasNextEntry() first. */
    static final class KeyWithoutHasNext implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> m.key("a").int32(1));
        }
        @Override public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> { m.textKey(); m.int32(); });
        }
    }

    static Wire roundTrip(WireType type, Marshallable in, Marshallable out) {
        Wire w = type.apply(Bytes.elastic(256));
        w.writeDocument(in);
        Wire r = type.apply(Bytes.wrap(w.bytes().toByteArray()));
        r.readDocument(out);
        return w;
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void oddTextKeysRoundTrip(WireType type) {
        TextKeys src = new TextKeys();
        String[] keys = {"5", "-1", "null", "~", "true", "", " a", "a ", "a:", "a: b", "#x", "- x", "'q", "\"q", "l\nm",
                "[a]", "{b}", "&a", "*a", "!t", "%p", "@x", "`x", "? x", "a #b", "\tt", ".inf", "0x1F", "1e3", "1_000",
                "NULL", "False", "-", ":", "?", "\\", "a\\b", "\u00e9", "\uD83D\uDE00", "x\u0000y", "\r", "\u0085", "\u2028", "=", "<<", ",a", "a,b"};
        for (int i = 0; i < keys.length; i++) { src.keys.add(keys[i]); src.values.add((long) i); }
        src.tail = 99;
        TextKeys dst = new TextKeys();
        Wire w = roundTrip(type, src, dst);
        assertEquals(src.keys, dst.keys, () -> w.bytes().toString());
        assertEquals(src.values, dst.values);
        assertEquals(99, dst.tail);
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void extremeLongKeysRoundTrip(WireType type) {
        LongKeys src = new LongKeys();
        src.keys = new long[]{Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, Integer.MIN_VALUE, 1L << 40};
        LongKeys dst = new LongKeys();
        roundTrip(type, src, dst);
        List<Long> expected = new ArrayList<>();
        for (long k : src.keys) expected.add(k);
        assertEquals(expected, dst.read);
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void hasNextEntryAskedTwiceIsTheSameEntry(WireType type) {
        AskTwice dst = new AskTwice();
        roundTrip(type, new AskTwice(), dst);
        assertEquals(List.of("a", "b", "c"), dst.keys);
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aKeyReadWithoutHasNextEntryIsRefusedOnEveryWire(WireType type) {
        Wire w = type.apply(Bytes.elastic(64));
        w.writeDocument(new KeyWithoutHasNext());
        Wire r = type.apply(Bytes.wrap(w.bytes().toByteArray()));
        assertThrows(IllegalStateException.class, () -> r.readDocument(new KeyWithoutHasNext()));
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void longOddTextKeysRoundTrip(WireType type) {
        TextKeys src = new TextKeys();
        String[] keys = {"k".repeat(3000), "a: b #c\n".repeat(400), " ".repeat(2000), "5".repeat(2000), "- x\n? y".repeat(300),
                "\u00e9\uD83D\uDE00".repeat(700), "'\"".repeat(900)};
        for (int i = 0; i < keys.length; i++) { src.keys.add(keys[i]); src.values.add((long) i); }
        src.tail = 5;
        TextKeys dst = new TextKeys();
        Wire w = roundTrip(type, src, dst);
        assertEquals(src.keys, dst.keys);
        assertEquals(src.values, dst.values);
        assertEquals(5, dst.tail);
    }
}
