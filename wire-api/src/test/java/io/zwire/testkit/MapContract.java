package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import io.zwire.testkit.model.WriteOnly;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The map cases every wire passes, RAW included: subclass it once per wire. The self-describing
 * wires subclass {@link SelfDescribingMapContract}, which adds the cases where the reader skips
 * what it does not read, reads out of order, or reads a document of another version of the type.
 *
 * <p>The types here keep their entries as a user's code would: in parallel arrays or collections of
 * their own, filled through non-capturing lambdas that receive the target.
 */
public abstract class MapContract {
    /** Registry used by every wire in the suite. */
    protected static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    /** The wire under test. */
    protected abstract WireType wireType();

    protected WireOptions options() {
        return WireOptions.defaults().withTypes(TYPES);
    }

    protected Wire newWire(Bytes bytes) {
        return wireType().apply(bytes, options());
    }

    /** Writes {@code source}, reads it into a new instance, checks it equals and the buffer is consumed; returns the copy. */
    protected <T extends Marshallable> T roundTrip(T source, Supplier<T> factory) {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        T copy = factory.get();
        assertTrue(wire.readDocument(copy), "a document was written");
        assertEquals(source, copy, () -> "round trip over " + wireType() + "\n" + dump(wire.bytes()));
        assertEquals(0, wire.bytes().readRemaining(), "the document was read to its end");
        return copy;
    }

    /** The document bytes for failure messages: text as text, binary as hex. */
    protected String dump(Bytes bytes) {
        byte[] data = new byte[bytes.writePosition()];
        bytes.copyTo(0, data, 0, data.length);
        if (wireType().isText()) {
            return new String(data, StandardCharsets.UTF_8);
        }
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < data.length && i < 4096; i++) {
            hex.append(String.format(i % 16 == 0 ? "%n%04x: %02x" : " %02x", i, data[i] & 0xFF));
        }
        return hex.toString();
    }

    // ------------------------------------------------------------------ a user's map of text keys

    static final Field VENUE = Field.of(1, "venue");
    static final Field LIMITS = Field.of(2, "limits");
    static final Field VERSION = Field.of(3, "version");

    /** How {@link Limits} writes its map field. */
    enum Presence { ENTRIES, NULL, ABSENT }

    /**
     * A user's limits per symbol, kept in parallel arrays in arrival order (duplicates included), with
     * a field before the map and one after it, so a map that swallows or loses bytes shows.
     */
    static final class Limits implements Marshallable {
        String venue;
        long version;
        Presence presence = Presence.ENTRIES;
        String[] keys = new String[4];
        double[] values = new double[4];
        int count;

        static Limits of(String venue, long version) {
            Limits limits = new Limits();
            limits.venue = venue;
            limits.version = version;
            return limits;
        }

        Limits put(String key, double value) {
            if (count == keys.length) {
                keys = Arrays.copyOf(keys, count * 2);
                values = Arrays.copyOf(values, count * 2);
            }
            keys[count] = key;
            values[count++] = value;
            return this;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VENUE).text(venue);
            if (presence == Presence.NULL) {
                out.write(LIMITS).nullValue();
            } else if (presence == Presence.ENTRIES) {
                out.write(LIMITS).map(this, (o, m) -> {
                    for (int i = 0; i < o.count; i++) {
                        m.key(o.keys[i]).float64(o.values[i]);
                    }
                });
            }
            out.write(VERSION).int64(version);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text(this, (o, v) -> o.venue = v)
              .read(LIMITS).map(this, (o, m) -> {
                  o.count = 0;
                  while (m.hasNextEntry()) {
                      o.put(m.textKey(), m.float64());
                  }
              })
              .read(VERSION).int64(this, (o, v) -> o.version = v);
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Limits l) || !Objects.equals(venue, l.venue) || version != l.version || count != l.count) {
                return false;
            }
            for (int i = 0; i < count; i++) {
                if (!keys[i].equals(l.keys[i]) || Double.compare(values[i], l.values[i]) != 0) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return Objects.hash(venue, version, count);
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder("Limits{venue=").append(venue).append(", version=").append(version).append(", {");
            for (int i = 0; i < count; i++) {
                text.append(i == 0 ? "" : ", ").append('"').append(keys[i]).append("\"=").append(values[i]);
            }
            return text.append("}}").toString();
        }
    }

    /** A stale target: the map read must replace these entries, not add to them. */
    static Limits stale() {
        return Limits.of("STALE", -1).put("stale", -1);
    }

    @Test
    void roundTripsAnEmptyMapBetweenTwoFields() {
        Limits copy = roundTripInto(Limits.of("XLON", 7), stale());
        assertEquals(0, copy.count);
        assertEquals("XLON", copy.venue);
        assertEquals(7, copy.version);
    }

    @Test
    void aNullMapReadsAsNoEntries() {
        Limits source = Limits.of("XLON", 8).put("ignored", 1);
        source.presence = Presence.NULL;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        Limits copy = stale();
        assertTrue(wire.readDocument(copy));
        assertEquals(0, wire.bytes().readRemaining(), "the document was read to its end");
        assertEquals(0, copy.count, "the lambda ran once and found no entry");
        assertEquals("XLON", copy.venue);
        assertEquals(8, copy.version);
    }

    @Test
    void roundTripsOneEntry() {
        Limits copy = roundTripInto(Limits.of("XLON", 9).put("EURUSD", 1.5e6), stale());
        assertEquals(1, copy.count);
        assertEquals("EURUSD", copy.keys[0]);
        assertEquals(1.5e6, copy.values[0]);
    }

    @Test
    void roundTripsAHundredEntriesInOrder() {
        Limits source = Limits.of("XPAR", Long.MAX_VALUE);
        for (int i = 0; i < 100; i++) {
            source.put("SYM" + i, i * 1.25 - 50);
        }
        Limits copy = roundTripInto(source, stale());
        assertEquals(100, copy.count);
        assertEquals("SYM99", copy.keys[99]);
    }

    /** Keys a text wire must quote or escape to read them back as the same text. */
    static final String[] AWKWARD_KEYS = {"", " ", "a b", "a: b", "key:", "- item", "? q", "#hash", "null", "~", "true", "no",
            "123", "-4.5e6", "0x1F", ".nan", "\"quoted\"", "'single'", "back\\slash", "line\nbreak", "tab\there", "{flow}",
            "[seq]", "&anchor", "*alias", "!tag", "|", ">", "---", "...", "caf\u00e9", "\u65e5\u672c\u8a9e",
            "emoji \uD83D\uDE00", "k".repeat(300), " padded "};

    @Test
    void roundTripsAwkwardTextKeys() {
        Limits source = Limits.of("XLON", 1);
        for (int i = 0; i < AWKWARD_KEYS.length; i++) {
            source.put(AWKWARD_KEYS[i], i);
        }
        Limits copy = roundTripInto(source, new Limits());
        assertEquals(AWKWARD_KEYS.length, copy.count);
    }

    @Test
    void aKeyOfThreeHundredUtf8BytesReadsThroughKeyTo() {
        String key = "\u00e9".repeat(150);
        assertEquals(300, key.getBytes(StandardCharsets.UTF_8).length);
        KeysTo source = new KeysTo();
        source.keys.add(key);
        source.keys.add("");
        source.keys.add("\u65e5\u672c");
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        KeysTo copy = new KeysTo();
        assertTrue(wire.readDocument(copy));
        assertEquals(source.keys, copy.keys, () -> dump(wire.bytes()));
        assertEquals(List.of(0, 1, 2), copy.values, "the value after each key");
    }

    /** Reads its text keys through {@code keyTo} into one reused builder, and its int32 values. */
    static final class KeysTo implements Marshallable {
        final List<String> keys = new ArrayList<>();
        final List<Integer> values = new ArrayList<>();
        final StringBuilder key = new StringBuilder("stale");

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LIMITS).map(this, (o, m) -> {
                for (int i = 0; i < o.keys.size(); i++) {
                    m.key(o.keys.get(i)).int32(i);
                }
            });
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                o.keys.clear();
                o.values.clear();
                while (m.hasNextEntry()) {
                    m.keyTo(o.key);
                    o.values.add(m.int32());
                    o.keys.add(o.key.toString());
                }
            });
        }
    }

    @Test
    void textKeysAreInternedAcrossDocuments() {
        Wire wire = newWire(Bytes.elastic(64));
        Limits source = Limits.of("XLON", 1).put("EURUSD", 1).put("GBPUSD", 2);
        wire.writeDocument(source);
        wire.writeDocument(source);
        Limits first = new Limits();
        Limits second = new Limits();
        assertTrue(wire.readDocument(first));
        assertTrue(wire.readDocument(second));
        assertEquals(source, second);
        assertSame(first.keys[0], second.keys[0], "the same key is the same String");
        assertSame(first.keys[1], second.keys[1], "the same key is the same String");
    }

    @Test
    void duplicateKeysAreDeliveredInOrder() {
        Limits copy = roundTripInto(Limits.of("XLON", 2).put("a", 1).put("b", 2).put("a", 3), new Limits());
        assertEquals(3, copy.count);
        assertEquals("a", copy.keys[0]);
        assertEquals(1.0, copy.values[0]);
        assertEquals("a", copy.keys[2]);
        assertEquals(3.0, copy.values[2]);
    }

    @Test
    void aMapReadIntoAReusedObjectReplacesItsEntriesEveryDocument() {
        Wire wire = newWire(Bytes.elastic(64));
        Limits many = Limits.of("A", 1).put("x", 1).put("y", 2).put("z", 3);
        Limits one = Limits.of("B", 2).put("w", 4);
        Limits none = Limits.of("C", 3);
        Limits nulled = Limits.of("D", 4).put("q", 5);
        nulled.presence = Presence.NULL;
        for (Limits document : List.of(many, one, none, many, nulled, one)) {
            wire.writeDocument(document);
        }
        Limits reused = new Limits();
        for (Limits expected : List.of(many, one, none, many)) {
            assertTrue(wire.readDocument(reused));
            assertEquals(expected, reused);
        }
        assertTrue(wire.readDocument(reused));
        assertEquals(0, reused.count);
        assertEquals("D", reused.venue);
        assertTrue(wire.readDocument(reused));
        assertEquals(one, reused);
        assertFalse(wire.readDocument(reused));
    }

    /** Writes {@code source}, reads it into {@code target}, checks they are equal; returns the target. */
    <T extends Marshallable> T roundTripInto(T source, T target) {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        assertTrue(wire.readDocument(target), "a document was written");
        assertEquals(source, target, () -> "round trip over " + wireType() + "\n" + dump(wire.bytes()));
        assertEquals(0, wire.bytes().readRemaining(), "the document was read to its end");
        return target;
    }

    // ------------------------------------------------------------------ integer keys

    static final Field BY_INT32 = Field.of(4, "byInt32");
    static final Field BY_INT64 = Field.of(5, "byInt64");

    /** A map of int32 keys to text, and one of int64 keys to int64 values. */
    static final class IntKeyed implements Marshallable {
        final Map<Integer, String> byInt32 = new LinkedHashMap<>();
        final Map<Long, Long> byInt64 = new LinkedHashMap<>();
        long version;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(BY_INT32).map(this, (o, m) -> o.byInt32.forEach((k, v) -> m.key(k.intValue()).text(v)))
               .write(BY_INT64).map(this, (o, m) -> o.byInt64.forEach((k, v) -> m.key(k.longValue()).int64(v)))
               .write(VERSION).int64(version);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(BY_INT32).map(this, (o, m) -> {
                o.byInt32.clear();
                while (m.hasNextEntry()) {
                    int key = m.int32Key();
                    o.byInt32.put(key, m.text());
                }
            })
              .read(BY_INT64).map(this, (o, m) -> {
                  o.byInt64.clear();
                  while (m.hasNextEntry()) {
                      long key = m.int64Key();
                      o.byInt64.put(key, m.int64());
                  }
              })
              .read(VERSION).int64(this, (o, v) -> o.version = v);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof IntKeyed k && byInt32.equals(k.byInt32) && byInt64.equals(k.byInt64) && version == k.version;
        }

        @Override
        public int hashCode() {
            return Objects.hash(byInt32, byInt64, version);
        }

        @Override
        public String toString() {
            return "IntKeyed{byInt32=" + byInt32 + ", byInt64=" + byInt64 + ", version=" + version + "}";
        }
    }

    @Test
    void roundTripsInt32KeysFromMinToMax() {
        IntKeyed source = new IntKeyed();
        for (int key : new int[] {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, -128, 127, 128, 65_536, -1_000_000}) {
            source.byInt32.put(key, "v" + key);
        }
        source.version = 3;
        roundTrip(source, IntKeyed::new);
    }

    @Test
    void roundTripsInt64KeysBeyondInt32() {
        IntKeyed source = new IntKeyed();
        for (long key : new long[] {0, -1, 1L << 31, -(1L << 31) - 1, 1L << 40, Long.MIN_VALUE, Long.MAX_VALUE, 9_007_199_254_740_993L}) {
            source.byInt64.put(key, -key);
        }
        source.version = 4;
        roundTrip(source, IntKeyed::new);
    }

    /** Writes int64 keys where its reader, {@link IntKeyed}, reads int32 ones. */
    static final class WidensInt32Keys implements Marshallable {
        long key;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(BY_INT32).map(this, (o, m) -> m.key(o.key).text("wide"))
               .write(BY_INT64).map(this, (o, m) -> { })
               .write(VERSION).int64(1);
        }

        @Override
        public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    @Test
    void anInt32KeyBeyondInt32IsAWireException() {
        for (long key : new long[] {1L << 31, -(1L << 31) - 1, Long.MAX_VALUE}) {
            WidensInt32Keys source = new WidensInt32Keys();
            source.key = key;
            Wire wire = newWire(Bytes.elastic(64));
            wire.writeDocument(source);
            IntKeyed copy = new IntKeyed();
            WireException e = assertThrows(WireException.class, () -> wire.readDocument(copy), () -> "key " + key);
            assertEquals(wireType().name(), e.wire());
            assertTrue(copy.byInt32.isEmpty(), "no entry delivered for " + key);
        }
        WidensInt32Keys within = new WidensInt32Keys();
        within.key = Integer.MIN_VALUE;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(within);
        IntKeyed copy = new IntKeyed();
        assertTrue(wire.readDocument(copy));
        assertEquals(Map.of(Integer.MIN_VALUE, "wide"), copy.byInt32, "the control: an int64 key within int32 range reads");
    }

    /** After a key refused as beyond int32, the next documents in the buffer read as written. */
    @Test
    void theDocumentAfterOneWhoseKeyWasRefusedReads() {
        WidensInt32Keys bad = new WidensInt32Keys();
        bad.key = 1L << 40;
        IntKeyed good = new IntKeyed();
        good.byInt32.put(-3, "three");
        good.byInt64.put(1L << 40, 5L);
        good.version = 9;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(bad);
        wire.writeDocument(good);
        wire.writeDocument(Limits.of("XLON", 2).put("a", 1));
        assertThrows(WireException.class, () -> wire.readDocument(new IntKeyed()));
        IntKeyed copy = new IntKeyed();
        assertTrue(wire.readDocument(copy), "the document after the failed one");
        assertEquals(good, copy, () -> dump(wire.bytes()));
        Limits limits = new Limits();
        assertTrue(wire.readDocument(limits));
        assertEquals(Limits.of("XLON", 2).put("a", 1), limits);
        assertFalse(wire.readDocument(limits));
    }

    // ------------------------------------------------------------------ value kinds

    static final Field PRICES = Field.of(1, "prices");
    static final Field COUNTS = Field.of(2, "counts");
    static final Field NAMES = Field.of(3, "names");
    static final Field SIDES = Field.of(4, "sides");
    static final Field FLAGS = Field.of(5, "flags");
    static final Field SMALL = Field.of(6, "small");
    static final Field LAST = Field.of(7, "last");

    /** One map per value kind, text keys; text and enum values may be null. */
    static final class ValueKinds implements Marshallable {
        final Map<String, Double> prices = new LinkedHashMap<>();
        final Map<String, Long> counts = new LinkedHashMap<>();
        final Map<String, String> names = new LinkedHashMap<>();
        final Map<String, Side> sides = new LinkedHashMap<>();
        final Map<String, Boolean> flags = new LinkedHashMap<>();
        final Map<String, Integer> small = new LinkedHashMap<>();
        long last;

        static ValueKinds sample() {
            ValueKinds v = new ValueKinds();
            v.prices.put("EURUSD", 1.0835);
            v.prices.put("nan", Double.NaN);
            v.prices.put("neg0", -0.0);
            v.prices.put("max", Double.MAX_VALUE);
            v.prices.put("inf", Double.NEGATIVE_INFINITY);
            v.counts.put("min", Long.MIN_VALUE);
            v.counts.put("zero", 0L);
            v.counts.put("max", Long.MAX_VALUE);
            v.names.put("alice", "Alice");
            v.names.put("empty", "");
            v.names.put("null", null);
            v.names.put("quoted", "a: \"b\"");
            v.sides.put("b", Side.BUY);
            v.sides.put("none", null);
            v.sides.put("s", Side.SELL);
            v.flags.put("on", true);
            v.flags.put("off", false);
            v.small.put("min", Integer.MIN_VALUE);
            v.small.put("one", 1);
            v.last = 99;
            return v;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(PRICES).map(this, (o, m) -> o.prices.forEach((k, v) -> m.key(k).float64(v)))
               .write(COUNTS).map(this, (o, m) -> o.counts.forEach((k, v) -> m.key(k).int64(v)))
               .write(NAMES).map(this, (o, m) -> o.names.forEach((k, v) -> {
                   if (v == null) {
                       m.key(k).nullValue();
                   } else {
                       m.key(k).text(v);
                   }
               }))
               .write(SIDES).map(this, (o, m) -> o.sides.forEach((k, v) -> m.key(k).asEnum(v)))
               .write(FLAGS).map(this, (o, m) -> o.flags.forEach((k, v) -> m.key(k).bool(v)))
               .write(SMALL).map(this, (o, m) -> o.small.forEach((k, v) -> m.key(k).int32(v)))
               .write(LAST).int64(last);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(PRICES).map(this, (o, m) -> {
                o.prices.clear();
                while (m.hasNextEntry()) {
                    String key = m.textKey();
                    o.prices.put(key, m.float64());
                }
            })
              .read(COUNTS).map(this, (o, m) -> {
                  o.counts.clear();
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      o.counts.put(key, m.int64());
                  }
              })
              .read(NAMES).map(this, (o, m) -> {
                  o.names.clear();
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      o.names.put(key, m.text());
                  }
              })
              .read(SIDES).map(this, (o, m) -> {
                  o.sides.clear();
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      o.sides.put(key, m.asEnum(Side.class));
                  }
              })
              .read(FLAGS).map(this, (o, m) -> {
                  o.flags.clear();
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      o.flags.put(key, m.bool());
                  }
              })
              .read(SMALL).map(this, (o, m) -> {
                  o.small.clear();
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      o.small.put(key, m.int32());
                  }
              })
              .read(LAST).int64(this, (o, v) -> o.last = v);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ValueKinds v && prices.equals(v.prices) && counts.equals(v.counts) && names.equals(v.names)
                    && sides.equals(v.sides) && flags.equals(v.flags) && small.equals(v.small) && last == v.last;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(last);
        }

        @Override
        public String toString() {
            return "ValueKinds{prices=" + prices + ", counts=" + counts + ", names=" + names + ", sides=" + sides
                    + ", flags=" + flags + ", small=" + small + ", last=" + last + "}";
        }
    }

    @Test
    void roundTripsMapsOfFloat64Int64TextEnumBoolAndInt32Values() {
        roundTrip(ValueKinds.sample(), ValueKinds::new);
    }

    @Test
    void nullValuesReadAsNullAndIsNullSaysSo() {
        ValueKinds copy = roundTrip(ValueKinds.sample(), ValueKinds::new);
        assertTrue(copy.names.containsKey("null"), "an entry whose value is null is still an entry");
        assertNull(copy.names.get("null"));
        assertTrue(copy.sides.containsKey("none"));
        assertNull(copy.sides.get("none"));

        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(ValueKinds.sample());
        AsksIsNullOfEachName asks = new AsksIsNullOfEachName();
        assertTrue(wire.readDocument(asks));
        assertEquals(List.of("alice=false", "empty=false", "null=true", "quoted=false"), asks.answers);
        assertEquals(0, asks.disagreements, "isNull asked twice agrees, and agrees with the value read");
    }

    /** Reads only the {@code names} map of a {@link ValueKinds}, asking isNull() of each value before reading it. */
    static final class AsksIsNullOfEachName implements Marshallable {
        final List<String> answers = new ArrayList<>();
        int disagreements;

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(PRICES).map(this, MapContract::readAll)
              .read(COUNTS).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.textKey();
                      m.int64();
                  }
              })
              .read(NAMES).map(this, (o, m) -> {
                  o.answers.clear();
                  o.disagreements = 0;
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      boolean isNull = m.isNull();
                      if (isNull != m.isNull()) {
                          o.disagreements++;
                      }
                      String value = m.text();
                      if (isNull != (value == null)) {
                          o.disagreements++;
                      }
                      o.answers.add(key + "=" + isNull);
                  }
              })
              .read(SIDES).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.textKey();
                      m.asEnum(Side.class);
                  }
              })
              .read(FLAGS).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.textKey();
                      m.bool();
                  }
              })
              .read(SMALL).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.textKey();
                      m.int32();
                  }
              })
              .read(LAST).int64();
        }
    }

    /** Reads every entry of a map of text keys to float64 values (a RAW reader must read what was written). */
    static void readAll(Object target, ValueIn m) {
        while (m.hasNextEntry()) {
            m.textKey();
            m.float64();
        }
    }

    // ------------------------------------------------------------------ nested objects in a preallocated pool

    static final Field PARTIES = Field.of(1, "parties");
    static final Field TAIL = Field.of(2, "tail");

    /**
     * Parties by symbol, read into a pool of instances allocated once: the reader finds the slot of a
     * key it has seen (by identity first: keys are interned) and reads the party into that slot's
     * existing instance.
     */
    static final class PartyPool implements Marshallable {
        final String[] symbols = new String[8];
        final Party[] parties = new Party[8];
        int used;
        long tail;

        PartyPool() {
            for (int i = 0; i < parties.length; i++) {
                parties[i] = new Party();
            }
        }

        PartyPool put(String symbol, Party party) {
            symbols[used] = symbol;
            parties[used++] = party;
            return this;
        }

        int slot(String symbol) {
            for (int i = 0; i < used; i++) {
                if (symbols[i] == symbol || symbols[i].equals(symbol)) {
                    return i;
                }
            }
            symbols[used] = symbol;
            return used++;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(PARTIES).map(this, (o, m) -> {
                for (int i = 0; i < o.used; i++) {
                    m.key(o.symbols[i]).marshallable(o.parties[i]);
                }
            })
               .write(TAIL).int64(tail);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(PARTIES).map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    m.marshallable(o.parties[o.slot(m.textKey())]);
                }
            })
              .read(TAIL).int64(this, (o, v) -> o.tail = v);
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof PartyPool p) || used != p.used || tail != p.tail) {
                return false;
            }
            for (int i = 0; i < used; i++) {
                if (!symbols[i].equals(p.symbols[i]) || !parties[i].equals(p.parties[i])) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return used;
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder("PartyPool{");
            for (int i = 0; i < used; i++) {
                text.append(symbols[i]).append('=').append(parties[i]).append(", ");
            }
            return text.append("tail=").append(tail).append('}').toString();
        }
    }

    @Test
    void readsMapValuesIntoExistingInstancesOfAPreallocatedPool() {
        PartyPool source = new PartyPool().put("EURUSD", new Party("Alice", "A-1", 1)).put("GBPUSD", new Party("Bob", null, 2))
                .put("USDJPY", new Party("", "C-3", -3));
        source.tail = 77;
        PartyPool source2 = new PartyPool().put("GBPUSD", new Party("Bob", "B-2", 22)).put("EURUSD", new Party("Al", null, 11))
                .put("USDJPY", new Party("Carol", "C", 33));
        source2.tail = 78;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        wire.writeDocument(source2);
        PartyPool pool = new PartyPool();
        Party[] instances = pool.parties.clone();
        assertTrue(wire.readDocument(pool));
        assertEquals(source, pool, () -> dump(wire.bytes()));
        assertTrue(wire.readDocument(pool));
        assertEquals(3, pool.used, "the same three symbols, found in the pool");
        assertEquals(new Party("Al", null, 11), pool.parties[0], "EURUSD's slot");
        assertEquals(new Party("Bob", "B-2", 22), pool.parties[1], "GBPUSD's slot");
        assertEquals(new Party("Carol", "C", 33), pool.parties[2]);
        assertEquals(78, pool.tail);
        for (int i = 0; i < instances.length; i++) {
            assertSame(instances[i], pool.parties[i], "every party was read into its existing instance");
        }
    }

    // ------------------------------------------------------------------ maps of sequences, maps of maps, maps in sequences

    static final Field SERIES = Field.of(1, "series");
    static final Field GRID = Field.of(2, "grid");
    static final Field ROWS = Field.of(3, "rows");
    static final Field END = Field.of(4, "end");

    /** A map of sequences, a map of maps (int32 keys inside), and a sequence of maps, in user collections. */
    static final class Nesting implements Marshallable {
        final Map<String, List<Long>> series = new LinkedHashMap<>();
        final Map<String, Map<Integer, String>> grid = new LinkedHashMap<>();
        final List<Map<String, Integer>> rows = new ArrayList<>();
        long end;

        static Nesting sample() {
            Nesting n = new Nesting();
            n.series.put("empty", List.of());
            n.series.put("three", List.of(1L, -2L, Long.MAX_VALUE));
            n.series.put("one", List.of(0L));
            n.grid.put("a", Map.of(1, "one"));
            n.grid.put("none", Map.of());
            Map<Integer, String> two = new LinkedHashMap<>();
            two.put(-5, "minus five");
            two.put(500, "");
            n.grid.put("b", two);
            n.rows.add(Map.of("x", 1));
            n.rows.add(Map.of());
            Map<String, Integer> row = new LinkedHashMap<>();
            row.put("y", 2);
            row.put("z", -3);
            n.rows.add(row);
            n.end = 123;
            return n;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SERIES).map(this, (o, m) -> o.series.forEach(
                    (k, v) -> m.key(k).sequence(v, (list, seq) -> list.forEach(seq::int64))))
               .write(GRID).map(this, (o, m) -> o.grid.forEach(
                       (k, v) -> m.key(k).map(v, (inner, mm) -> inner.forEach((ik, iv) -> mm.key(ik.intValue()).text(iv)))))
               .write(ROWS).sequence(this, (o, seq) -> o.rows.forEach(
                       row -> seq.map(row, (r, m) -> r.forEach((k, v) -> m.key(k).int32(v)))))
               .write(END).int64(end);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(SERIES).map(this, (o, m) -> {
                o.series.clear();
                while (m.hasNextEntry()) {
                    List<Long> list = new ArrayList<>();
                    o.series.put(m.textKey(), list);
                    m.sequence(list, (l, seq) -> {
                        while (seq.hasNextElement()) {
                            l.add(seq.int64());
                        }
                    });
                }
            })
              .read(GRID).map(this, (o, m) -> {
                  o.grid.clear();
                  while (m.hasNextEntry()) {
                      Map<Integer, String> inner = new LinkedHashMap<>();
                      o.grid.put(m.textKey(), inner);
                      m.map(inner, (x, mm) -> {
                          while (mm.hasNextEntry()) {
                              int key = mm.int32Key();
                              x.put(key, mm.text());
                          }
                      });
                  }
              })
              .read(ROWS).sequence(this, (o, seq) -> {
                  o.rows.clear();
                  while (seq.hasNextElement()) {
                      Map<String, Integer> row = new LinkedHashMap<>();
                      o.rows.add(row);
                      seq.map(row, (r, m) -> {
                          while (m.hasNextEntry()) {
                              String key = m.textKey();
                              r.put(key, m.int32());
                          }
                      });
                  }
              })
              .read(END).int64(this, (o, v) -> o.end = v);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Nesting n && series.equals(n.series) && grid.equals(n.grid) && rows.equals(n.rows) && end == n.end;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(end);
        }

        @Override
        public String toString() {
            return "Nesting{series=" + series + ", grid=" + grid + ", rows=" + rows + ", end=" + end + "}";
        }
    }

    @Test
    void roundTripsMapsOfSequencesMapsOfMapsAndMapsInASequence() {
        roundTrip(Nesting.sample(), Nesting::new);
    }

    @Test
    void roundTripsEmptyNestedContainers() {
        roundTrip(new Nesting(), Nesting::new);
    }

    static final Field HOLDER = Field.of(9, "holder");
    static final Field OUTER_ID = Field.of(1, "id");

    /** Holds a {@link Limits} that may be null, read into the same instance every time. */
    static final class HoldsLimits implements Marshallable {
        long id;
        Limits holder;
        final Limits reused = new Limits();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(OUTER_ID).int64(id)
               .write(HOLDER).marshallable(holder);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(OUTER_ID).int64(this, (o, v) -> o.id = v)
              .read(HOLDER).marshallable(reused);
        }
    }

    @Test
    void aMapInsideANullObjectReadsAsNoEntries() {
        HoldsLimits source = new HoldsLimits();
        source.id = 5;
        source.holder = Limits.of("XLON", 3).put("a", 1).put("b", 2);
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        HoldsLimits copy = new HoldsLimits();
        assertTrue(wire.readDocument(copy));
        assertEquals(source.holder, copy.reused);

        source.holder = null;
        source.id = 6;
        wire.bytes().clear();
        wire.writeDocument(source);
        assertTrue(wire.readDocument(copy));
        assertEquals(6, copy.id);
        assertEquals(0, copy.reused.count, "the map of a null object has no entries");
        assertNull(copy.reused.venue);
        assertEquals(0, copy.reused.version);
    }

    // ------------------------------------------------------------------ misuse, writing

    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");

    @Test
    void aKeyWrittenOutsideAMapIsRefusedAndNothingIsWritten() {
        assertWriteRefused(new WriteOnly(out -> out.write(A).key("x").int32(1)), "outside a map");
        assertWriteRefused(new WriteOnly(out -> out.write(A).key(5).int32(1)), "outside a map");
        assertWriteRefused(new WriteOnly(out -> out.write(A).sequence(out, (o, seq) -> seq.key(5L).int32(1))), "outside a map");
        assertWriteRefused(new WriteOnly(out -> out.write(A).marshallable(new WriteOnly(inner -> ((ValueOut) inner).key("k").int32(1)))),
                "outside a map");
    }

    @Test
    void aValueWrittenInAMapWithoutAKeyIsRefusedAndNothingIsWritten() {
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> m.int32(1))), "without its key");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> m.key("k").int32(1).write(B))), "inside a map");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> {
            m.key("k").int32(1);
            m.text("second value for one key");
        })), "without its key");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> m.marshallable(new Party("p", "a", 1)))),
                "without its key");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> m.map(o, (x, inner) -> { }))), "without its key");
    }

    @Test
    void aKeyWrittenWithoutAValueIsRefusedAndNothingIsWritten() {
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> {
            m.key("a");
            m.key("b").int32(1);
        })), "without its value");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> m.key("last"))), "without its value");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> {
            m.key(1).int32(1);
            m.key(2);
        })), "without its value");
    }

    @Test
    void aFieldWrittenInsideAMapIsRefusedAndNothingIsWritten() {
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> m.write(B).int32(1))), "inside a map");
        assertWriteRefused(new WriteOnly(out -> out.write(A).map(out, (o, m) -> {
            m.key("k").int32(1);
            m.write(B).int32(2);
        })), "inside a map");
    }

    /**
     * Writes {@code mistake} after a good document, to a heap and to a direct buffer: it is an
     * IllegalStateException whose message holds {@code expected}, the buffer is as it was, and the
     * wire writes and reads on.
     */
    void assertWriteRefused(Marshallable mistake, String expected) {
        for (Bytes bytes : List.of(Bytes.elastic(64), Bytes.allocateDirect(4096).clear())) {
            Wire wire = newWire(bytes);
            wire.writeDocument(Order.sample());
            int end = bytes.writePosition();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.writeDocument(mistake));
            assertTrue(e.getMessage().contains(expected), () -> "'" + expected + "' in: " + e.getMessage());
            assertEquals(end, bytes.writePosition(), "nothing of the refused document was written");
            Limits limits = Limits.of("XLON", 3).put("a", 1);
            wire.writeDocument(limits);
            Order order = new Order();
            assertTrue(wire.readDocument(order));
            assertEquals(Order.sample(), order);
            Limits copy = new Limits();
            assertTrue(wire.readDocument(copy));
            assertEquals(limits, copy, () -> dump(bytes));
            assertFalse(wire.readDocument(new Order()), "the refused document left nothing to read");
        }
    }

    // ------------------------------------------------------------------ misuse, reading

    /** Reads a {@link Limits} document doing {@code misuse} inside its map lambda. */
    static final class MisreadsLimits implements Marshallable {
        final BiConsumer<WireIn, ValueIn> misuse;

        MisreadsLimits(Consumer<ValueIn> misuse) {
            this((in, m) -> misuse.accept(m));
        }

        /** The misuse is given the map's {@link ValueIn} and the document's {@link WireIn}, as a capturing lambda holds it. */
        MisreadsLimits(BiConsumer<WireIn, ValueIn> misuse) {
            this.misuse = misuse;
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text();
            in.read(LIMITS).map(this, (o, m) -> o.misuse.accept(in, m));
            in.read(VERSION).int64();
        }
    }

    private IllegalStateException assertReadRefused(Marshallable reader) {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(Limits.of("XLON", 3).put("a", 1).put("b", 2));
        return assertThrows(IllegalStateException.class, () -> wire.readDocument(reader));
    }

    @Test
    void aValueReadBeforeItsKeyIsAnIllegalStateException() {
        IllegalStateException e = assertReadRefused(new MisreadsLimits(m -> {
            while (m.hasNextEntry()) {
                m.float64();
            }
        }));
        assertTrue(e.getMessage().contains("without its key"), e.getMessage());
    }

    @Test
    void aKeyReadWithoutHasNextEntryIsAnIllegalStateException() {
        List<IllegalStateException> refusals = new ArrayList<>();
        refusals.add(assertReadRefused(new MisreadsLimits(ValueIn::textKey)));
        refusals.add(assertReadRefused(new MisreadsLimits(m -> {
            assertTrue(m.hasNextEntry());
            m.textKey();
            m.float64();
            m.textKey();
        })));
        refusals.add(assertReadRefused(new MisreadsLimits(m -> {
            assertTrue(m.hasNextEntry());
            m.textKey();
            m.textKey();
        })));
        for (IllegalStateException e : refusals) {
            assertTrue(e.getMessage().contains("call hasNextEntry() before each key"), e.getMessage());
        }
    }

    /** Reads a key where no map is: on the field's value itself, and inside a sequence. */
    static final class ReadsAKeyOutsideAMap implements Marshallable {
        final boolean inSequence;

        ReadsAKeyOutsideAMap(boolean inSequence) {
            this.inSequence = inSequence;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).sequence(this, (o, seq) -> seq.int32(1));
        }

        @Override
        public void readMarshallable(WireIn in) {
            if (inSequence) {
                in.read(A).sequence(this, (o, seq) -> {
                    seq.hasNextElement();
                    seq.int32Key();
                });
            } else {
                in.read(A).textKey();
            }
        }
    }

    @Test
    void aKeyReadOutsideAMapIsAnIllegalStateException() {
        for (boolean inSequence : new boolean[] {false, true}) {
            ReadsAKeyOutsideAMap doc = new ReadsAKeyOutsideAMap(inSequence);
            Wire wire = newWire(Bytes.elastic(64));
            wire.writeDocument(doc);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(doc), "in a sequence: " + inSequence);
            assertTrue(e.getMessage().contains("outside a map"), e.getMessage());
        }
    }

    /** The same refusal on every wire (LevelKind). */
    @Test
    void aFieldNamedInsideAMapIsAnIllegalStateExceptionSayingSo() {
        IllegalStateException beforeAnyKey = assertReadRefused(new MisreadsLimits((in, m) -> in.read(VERSION).int64()));
        assertTrue(beforeAnyKey.getMessage().contains("version) inside a map"), beforeAnyKey.getMessage());
        IllegalStateException afterTheKey = assertReadRefused(new MisreadsLimits((in, m) -> {
            assertTrue(m.hasNextEntry());
            m.textKey();
            in.read(VERSION).int64();
        }));
        assertTrue(afterTheKey.getMessage().contains("version) inside a map"), afterTheKey.getMessage());
    }

    /** Holds a null object, read as a {@link MisreadsLimits} doing {@code misuse} in its map. */
    static final class MisreadsAMapOfANullObject implements Marshallable {
        final MisreadsLimits inner;

        MisreadsAMapOfANullObject(BiConsumer<WireIn, ValueIn> misuse) {
            inner = new MisreadsLimits(misuse);
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(OUTER_ID).int64(7)
               .write(HOLDER).marshallable(null);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(OUTER_ID).int64();
            in.read(HOLDER).marshallable(inner);
        }
    }

    /**
     * A map inside a null object has no entries, so a value read in it (or asked isNull, or
     * skipped) has no key before it: refused as in any map, never read as a default. So is a field
     * named there, and a key read without hasNextEntry().
     */
    @Test
    void misreadsOfAMapOfANullObjectAreRefusedAsInAnyMap() {
        assertRefusedInTheMapOfANullObject((in, m) -> m.float64(), "without its key");
        assertRefusedInTheMapOfANullObject((in, m) -> m.isNull(), "without its key");
        assertRefusedInTheMapOfANullObject((in, m) -> m.skip(), "without its key");
        assertRefusedInTheMapOfANullObject((in, m) -> m.marshallable(new Limits()), "without its key");
        assertRefusedInTheMapOfANullObject((in, m) -> in.read(LIMITS).int64(), "limits) inside a map");
        assertRefusedInTheMapOfANullObject((in, m) -> m.textKey(), "call hasNextEntry() before each key");
    }

    private void assertRefusedInTheMapOfANullObject(BiConsumer<WireIn, ValueIn> misuse, String expected) {
        MisreadsAMapOfANullObject document = new MisreadsAMapOfANullObject(misuse);
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(document);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(document), expected);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    /** Reads a {@link Limits}, keeping the {@link WireIn} it is given, as a user's code must not. */
    static final class KeepsItsWireIn implements Marshallable {
        final Limits limits = new Limits();
        WireIn kept;

        @Override
        public void writeMarshallable(WireOut out) {
            limits.writeMarshallable(out);
        }

        @Override
        public void readMarshallable(WireIn in) {
            kept = in;
            limits.readMarshallable(in);
        }
    }

    @Test
    void mapCallsThroughAWireInKeptPastItsDocumentAreRefused() {
        Wire wire = newWire(Bytes.elastic(64));
        Limits source = Limits.of("XLON", 1).put("a", 1);
        wire.writeDocument(source);
        wire.writeDocument(source);
        KeepsItsWireIn document = new KeepsItsWireIn();
        assertTrue(wire.readDocument(document));
        int next = wire.bytes().readPosition();
        ValueIn kept = (ValueIn) document.kept;
        Map<String, Runnable> calls = new LinkedHashMap<>();
        calls.put("read(field).map", () -> document.kept.read(LIMITS).map(document, (o, m) -> m.hasNextEntry()));
        calls.put("map", () -> kept.map(document, (o, m) -> { }));
        calls.put("hasNextEntry", kept::hasNextEntry);
        calls.put("textKey", kept::textKey);
        calls.put("int32Key", kept::int32Key);
        calls.put("int64Key", kept::int64Key);
        calls.put("keyTo", () -> kept.keyTo(new StringBuilder()));
        calls.forEach((name, call) -> {
            IllegalStateException e = assertThrows(IllegalStateException.class, call::run, name);
            assertTrue(e.getMessage().contains("outside Wire.readDocument"), name + ": " + e.getMessage());
        });
        assertEquals(next, wire.bytes().readPosition(), "nothing read");
        KeepsItsWireIn second = new KeepsItsWireIn();
        assertTrue(wire.readDocument(second));
        assertEquals(source, second.limits);
    }

    /** Reads the first entry of a two-entry map, and returns. */
    static final class ReadsTheFirstOnly implements Marshallable {
        long version;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VENUE).text("XLON")
               .write(LIMITS).map(this, (o, m) -> {
                   m.key("a").float64(1);
                   m.key("b").float64(2);
               })
               .write(VERSION).int64(3);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text();
            in.read(LIMITS).map(this, (o, m) -> {
                m.hasNextEntry();
                m.textKey();
                m.float64();
            });
            version = in.read(VERSION).int64();
        }
    }

    /**
     * Entries left unread when the map lambda returns: the self-describing wires skip them; RAW,
     * which cannot skip, refuses the reader's mistake with an IllegalStateException (ValueIn's
     * contract for maps), never reading on from the wrong place.
     */
    @Test
    void entriesLeftUnreadAreSkippedOrOnRawRefused() {
        Wire wire = newWire(Bytes.elastic(64));
        ReadsTheFirstOnly map = new ReadsTheFirstOnly();
        wire.writeDocument(map);
        if (wireType() != WireType.RAW) {
            assertTrue(wire.readDocument(map));
            assertEquals(3, map.version);
            assertEquals(0, wire.bytes().readRemaining());
            return;
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(map));
        assertTrue(e.getMessage().contains("cannot skip"), e.getMessage());
        assertEquals(0, map.version, "nothing was read past the map");
    }

    // ------------------------------------------------------------------ a wide user type

    /** Thirty-four fields, four of them maps, as a configuration message might be. */
    static final class WideConfig implements Marshallable {
        static final Field[] INTS = new Field[26];
        static final Field NAME = Field.of(27, "name");
        static final Field THRESHOLDS = Field.of(28, "thresholds");
        static final Field ACCOUNTS = Field.of(29, "accounts");
        static final Field RATIO = Field.of(30, "ratio");
        static final Field ROUTES = Field.of(31, "routes");
        static final Field ENABLED = Field.of(32, "enabled");
        static final Field LEVELS = Field.of(33, "levels");
        static final Field CHECKSUM = Field.of(34, "checksum");

        static {
            for (int i = 0; i < INTS.length; i++) {
                INTS[i] = Field.of(i + 1, "i" + (i + 1));
            }
        }

        final int[] ints = new int[26];
        String name;
        final Map<String, Double> thresholds = new LinkedHashMap<>();
        final Map<Long, String> accounts = new LinkedHashMap<>();
        double ratio;
        final Map<String, Map<String, Long>> routes = new LinkedHashMap<>();
        boolean enabled;
        final Map<Integer, Party> levels = new LinkedHashMap<>();
        long checksum;

        static WideConfig sample() {
            WideConfig c = new WideConfig();
            for (int i = 0; i < c.ints.length; i++) {
                c.ints[i] = (i - 13) * 1_000_003;
            }
            c.name = "risk-eu";
            c.thresholds.put("EURUSD", 1e6);
            c.thresholds.put("GBPUSD", 5e5);
            c.accounts.put(1L << 33, "big");
            c.accounts.put(-1L, "minus one");
            c.ratio = 0.75;
            c.routes.put("fix", Map.of("XLON", 1L));
            c.routes.put("none", Map.of());
            c.enabled = true;
            c.levels.put(1, new Party("L1", "A", 1));
            c.levels.put(2, new Party("L2", null, 2));
            c.checksum = 0xCAFEL;
            return c;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            for (int i = 0; i < 13; i++) {
                out.write(INTS[i]).int32(ints[i]);
            }
            out.write(NAME).text(name)
               .write(THRESHOLDS).map(this, (o, m) -> o.thresholds.forEach((k, v) -> m.key(k).float64(v)))
               .write(ACCOUNTS).map(this, (o, m) -> o.accounts.forEach((k, v) -> m.key(k.longValue()).text(v)))
               .write(RATIO).float64(ratio);
            for (int i = 13; i < 26; i++) {
                out.write(INTS[i]).int32(ints[i]);
            }
            out.write(ROUTES).map(this, (o, m) -> o.routes.forEach(
                    (k, v) -> m.key(k).map(v, (inner, mm) -> inner.forEach((ik, iv) -> mm.key(ik).int64(iv)))))
               .write(ENABLED).bool(enabled)
               .write(LEVELS).map(this, (o, m) -> o.levels.forEach((k, v) -> m.key(k.intValue()).marshallable(v)))
               .write(CHECKSUM).int64(checksum);
        }

        @Override
        public void readMarshallable(WireIn in) {
            readInts(in, 0, 13);
            in.read(NAME).text(this, (o, v) -> o.name = v)
              .read(THRESHOLDS).map(this, WideConfig::readThresholds)
              .read(ACCOUNTS).map(this, WideConfig::readAccounts)
              .read(RATIO).float64(this, (o, v) -> o.ratio = v);
            readInts(in, 13, 26);
            in.read(ROUTES).map(this, WideConfig::readRoutes)
              .read(ENABLED).bool(this, (o, v) -> o.enabled = v)
              .read(LEVELS).map(this, WideConfig::readLevels)
              .read(CHECKSUM).int64(this, (o, v) -> o.checksum = v);
        }

        void readInts(WireIn in, int from, int to) {
            for (int i = from; i < to; i++) {
                ints[i] = in.read(INTS[i]).int32();
            }
        }

        static void readThresholds(WideConfig o, ValueIn m) {
            o.thresholds.clear();
            while (m.hasNextEntry()) {
                String key = m.textKey();
                o.thresholds.put(key, m.float64());
            }
        }

        static void readAccounts(WideConfig o, ValueIn m) {
            o.accounts.clear();
            while (m.hasNextEntry()) {
                long key = m.int64Key();
                o.accounts.put(key, m.text());
            }
        }

        static void readRoutes(WideConfig o, ValueIn m) {
            o.routes.clear();
            while (m.hasNextEntry()) {
                Map<String, Long> inner = new LinkedHashMap<>();
                o.routes.put(m.textKey(), inner);
                m.map(inner, (x, mm) -> {
                    while (mm.hasNextEntry()) {
                        String key = mm.textKey();
                        x.put(key, mm.int64());
                    }
                });
            }
        }

        static void readLevels(WideConfig o, ValueIn m) {
            Map<Integer, Party> previous = new LinkedHashMap<>(o.levels);
            o.levels.clear();
            while (m.hasNextEntry()) {
                int key = m.int32Key();
                Party party = previous.containsKey(key) ? previous.get(key) : new Party();
                m.marshallable(party);
                o.levels.put(key, party);
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof WideConfig c && Arrays.equals(ints, c.ints) && Objects.equals(name, c.name)
                    && thresholds.equals(c.thresholds) && accounts.equals(c.accounts) && Double.compare(ratio, c.ratio) == 0
                    && routes.equals(c.routes) && enabled == c.enabled && levels.equals(c.levels) && checksum == c.checksum;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(checksum);
        }

        @Override
        public String toString() {
            return "WideConfig{ints=" + Arrays.toString(ints) + ", name=" + name + ", thresholds=" + thresholds + ", accounts="
                    + accounts + ", ratio=" + ratio + ", routes=" + routes + ", enabled=" + enabled + ", levels=" + levels
                    + ", checksum=" + checksum + "}";
        }
    }

    @Test
    void roundTripsAThirtyFourFieldTypeWithFourMaps() {
        roundTrip(WideConfig.sample(), WideConfig::new);
        roundTrip(new WideConfig(), WideConfig::new);
    }

    // ------------------------------------------------------------------ hostile sizes, through the writer

    static final Field ENTRIES = Field.of(1, "entries");

    /** A map of {@code count} int32 keys to booleans, read back counting entries. */
    static final class ManyEntries implements Marshallable {
        int count;
        int read;
        int lastKey = -1;
        int wrongValues;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ENTRIES).map(this, (o, m) -> {
                for (int i = 0; i < o.count; i++) {
                    m.key(i).bool(i % 3 == 0);
                }
            })
               .write(LAST).int64(7);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ENTRIES).map(this, (o, m) -> {
                o.read = 0;
                o.wrongValues = 0;
                while (m.hasNextEntry()) {
                    o.lastKey = m.int32Key();
                    if (m.bool() != (o.lastKey % 3 == 0)) {
                        o.wrongValues++;
                    }
                    o.read++;
                }
            })
              .read(LAST).int64();
        }
    }

    /** A million entries read within maxSequenceLength; one entry fewer allowed is a WireException, not a silent truncation. */
    @Test
    void aMillionEntriesReadWithinMaxSequenceLengthAndFailBeyondIt() {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            ManyEntries source = new ManyEntries();
            source.count = 1_000_000;
            Wire writer = newWire(Bytes.elastic(1 << 20));
            writer.writeDocument(source);
            byte[] document = writer.bytes().toByteArray();

            ManyEntries copy = new ManyEntries();
            assertTrue(wireType().apply(Bytes.wrap(document), options()
                    .withLimits(ReadLimits.defaults().withMaxSequenceLength(1_000_000))).readDocument(copy));
            assertEquals(1_000_000, copy.read);
            assertEquals(999_999, copy.lastKey);
            assertEquals(0, copy.wrongValues);

            Wire limited = wireType().apply(Bytes.wrap(document), options()
                    .withLimits(ReadLimits.defaults().withMaxSequenceLength(999_999)));
            WireException e = assertThrows(WireException.class, () -> limited.readDocument(new ManyEntries()));
            assertEquals(wireType().name(), e.wire());
            assertTrue(e.getMessage().contains("999999"), e.getMessage());
        });
    }

    /** A map whose every value is the same map type again, as deep as the input goes. */
    static final class DeepMaps implements Marshallable {
        int depth;
        int reached;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ENTRIES).map(this, (o, m) -> DeepMaps.writeLevel(o.depth - 1, m));
        }

        private static void writeLevel(int remaining, ValueOut m) {
            if (remaining > 0) {
                m.key("k").map(remaining, (r, inner) -> DeepMaps.writeLevel(r - 1, inner));
            } else {
                m.key("k").int32(1);
            }
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ENTRIES).map(this, (o, m) -> DeepMaps.readLevel(o, m, 1));
        }

        private static void readLevel(DeepMaps o, ValueIn m, int level) {
            o.reached = Math.max(o.reached, level);
            while (m.hasNextEntry()) {
                m.textKey();
                if (level < o.depth) {
                    m.map(o, (x, inner) -> readLevel(x, inner, level + 1));
                } else {
                    m.int32();
                }
            }
        }
    }

    /**
     * The bytes of a {@link DeepMaps} document {@code depth} maps deep. The writer recurses as the
     * user's lambdas do, so it runs on a thread with a large stack; the text wires whose block
     * style grows quadratically with depth override this with a flow-style document.
     */
    protected byte[] deeplyNestedMaps(int depth) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread writer = new Thread(null, () -> {
            try {
                DeepMaps deep = new DeepMaps();
                deep.depth = depth;
                Wire wire = newWire(Bytes.elastic(1 << 16));
                wire.writeDocument(deep);
                result.set(wire.bytes().toByteArray());
            } catch (Throwable t) {
                result.set(t);
            }
        }, "deep-map-writer", 1L << 30);
        writer.start();
        writer.join();
        if (result.get() instanceof Throwable t) {
            throw new AssertionError("writing maps " + depth + " deep", t);
        }
        return (byte[]) result.get();
    }

    /**
     * A map of maps 10,000 deep, read by a type that follows the nesting as far as it goes: the
     * wire stops it at maxDepth with a WireException, never a StackOverflowError.
     */
    @Test
    void mapsNestedTenThousandDeepAreAWireExceptionNotAStackOverflow() throws InterruptedException {
        byte[] document = deeplyNestedMaps(10_000);
        DeepMaps reader = new DeepMaps();
        reader.depth = Integer.MAX_VALUE;
        Wire wire = wireType().apply(Bytes.wrap(document), options());
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(reader));
        assertEquals(wireType().name(), e.wire());
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
        assertTrue(reader.reached <= ReadLimits.defaults().maxDepth(), "reached " + reader.reached);
    }

    @Test
    void mapsNestedWithinMaxDepthRead() throws InterruptedException {
        int depth = ReadLimits.defaults().maxDepth() - 2;
        byte[] document = deeplyNestedMaps(depth);
        DeepMaps reader = new DeepMaps();
        reader.depth = depth;
        assertTrue(wireType().apply(Bytes.wrap(document), options()).readDocument(reader), "the control: within the limit");
        assertEquals(depth, reader.reached);
    }
}
