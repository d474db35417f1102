package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The map cases of the self-describing wires: every {@link MapContract} case, and those where the
 * reader leaves values or entries unread, reads fields out of order, offers a map to
 * {@link Marshallable#unexpectedField}, or reads a document written by another version of its type.
 */
public abstract class SelfDescribingMapContract extends MapContract {

    private String key(Field field) {
        return wireType().usesFieldNumbers() ? "#" + field.number() : field.name();
    }

    // ------------------------------------------------------------------ what the reader leaves unread

    /** Reads the keys of every map of a {@link Nesting} and none of their values: each value is skipped. */
    static final class ReadsKeysOnly implements Marshallable {
        final List<String> keys = new ArrayList<>();
        long end;

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            keys.clear();
            in.read(SERIES).map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    o.keys.add(m.textKey());
                }
            })
              .read(GRID).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      o.keys.add(m.textKey());
                  }
              })
              .read(ROWS).sequence(this, (o, seq) -> {
                  while (seq.hasNextElement()) {
                      seq.map(o, (x, m) -> {
                          while (m.hasNextEntry()) {
                              x.keys.add(m.textKey());
                          }
                      });
                  }
              })
              .read(END).int64(this, (o, v) -> o.end = v);
        }
    }

    @Test
    void valuesLeftUnreadAfterTheirKeysAreSkipped() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(Nesting.sample());
        wire.writeDocument(Nesting.sample());
        ReadsKeysOnly copy = new ReadsKeysOnly();
        for (int i = 0; i < 2; i++) {
            assertTrue(wire.readDocument(copy));
            assertEquals(List.of("empty", "three", "one", "a", "none", "b", "x", "y", "z"), copy.keys, () -> dump(wire.bytes()));
            assertEquals(123, copy.end);
        }
        assertEquals(0, wire.bytes().readRemaining());
    }

    /** Reads the first entry of each map of a {@link Nesting}, whole, and returns: the entries left are skipped. */
    static final class ReadsFirstEntries implements Marshallable {
        final Map<String, Object> first = new LinkedHashMap<>();
        long end;

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            first.clear();
            in.read(SERIES).map(this, (o, m) -> {
                if (m.hasNextEntry()) {
                    String key = m.textKey();
                    List<Long> values = new ArrayList<>();
                    m.sequence(values, (l, seq) -> {
                        while (seq.hasNextElement()) {
                            l.add(seq.int64());
                        }
                    });
                    o.first.put(key, values);
                }
            })
              .read(GRID).map(this, (o, m) -> {
                  if (m.hasNextEntry()) {
                      String key = m.textKey();
                      Map<Integer, String> inner = new LinkedHashMap<>();
                      m.map(inner, (x, mm) -> {
                          if (mm.hasNextEntry()) {
                              int k = mm.int32Key();
                              x.put(k, mm.text());
                          }
                      });
                      o.first.put(key, inner);
                  }
              })
              .read(ROWS).sequence(this, (o, seq) -> {
                  if (seq.hasNextElement()) {
                      seq.map(o, (x, m) -> {
                          m.hasNextEntry();
                          String key = m.textKey();
                          x.first.put(key, m.int32());
                      });
                  }
              })
              .read(END).int64(this, (o, v) -> o.end = v);
        }
    }

    @Test
    void entriesLeftUnreadWhenTheLambdaReturnsAreSkipped() {
        Nesting source = Nesting.sample();
        Map<Integer, String> two = new LinkedHashMap<>();
        two.put(7, "seven");
        two.put(8, "eight");
        source.grid.put("a", two);
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        wire.writeDocument(source);
        ReadsFirstEntries copy = new ReadsFirstEntries();
        for (int i = 0; i < 2; i++) {
            assertTrue(wire.readDocument(copy));
            assertEquals("{empty=[], a={7=seven}, x=1}", copy.first.toString(), () -> dump(wire.bytes()));
            assertEquals(123, copy.end);
        }
        assertEquals(0, wire.bytes().readRemaining());
    }

    /** Asks isNull() of its map field, then skips it or reads it, then reads the field after it. */
    static final class AsksAndSkips implements Marshallable {
        final boolean read;
        final List<Boolean> answers = new ArrayList<>();
        int entries;
        long version;

        AsksAndSkips(boolean read) {
            this.read = read;
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text();
            ValueIn limits = in.read(LIMITS);
            answers.add(limits.isNull());
            if (read) {
                limits.map(this, (o, m) -> {
                    o.entries = 0;
                    while (m.hasNextEntry()) {
                        m.textKey();
                        m.float64();
                        o.entries++;
                    }
                });
            } else {
                limits.skip();
            }
            in.read(VERSION).int64(this, (o, v) -> o.version = v);
        }
    }

    @Test
    void isNullOnAMapValueTellsANullOrMissingMapFromOneWithEntries() {
        Limits full = Limits.of("XLON", 1).put("a", 1).put("b", 2);
        Limits empty = Limits.of("XLON", 2);
        Limits nulled = Limits.of("XLON", 3).put("x", 9);
        nulled.presence = Presence.NULL;
        Limits absent = Limits.of("XLON", 4).put("x", 9);
        absent.presence = Presence.ABSENT;
        for (boolean read : new boolean[] {true, false}) {
            Wire wire = newWire(Bytes.elastic(64));
            for (Limits document : List.of(full, empty, nulled, absent)) {
                wire.writeDocument(document);
            }
            AsksAndSkips copy = new AsksAndSkips(read);
            long[] versions = new long[4];
            int[] entries = new int[4];
            for (int i = 0; i < 4; i++) {
                copy.entries = -1;
                assertTrue(wire.readDocument(copy));
                versions[i] = copy.version;
                entries[i] = copy.entries;
            }
            assertEquals(List.of(1L, 2L, 3L, 4L), List.of(versions[0], versions[1], versions[2], versions[3]),
                    "the field after the map, read " + read);
            assertFalse(copy.answers.get(0), "a map with entries is not null");
            // NUMBERED writes an empty map as nothing, as it writes a null one.
            assertEquals(wireType() == WireType.NUMBERED, copy.answers.get(1), "an empty map");
            assertTrue(copy.answers.get(2), "a null map");
            assertTrue(copy.answers.get(3), "a missing map");
            if (read) {
                assertEquals("[2, 0, 0, 0]", java.util.Arrays.toString(entries));
            }
        }
    }

    /** Reads a {@link Limits} document's text keys as int32 keys, which no self-describing wire lets pass. */
    static final class ReadsTextKeysAsInt32 implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text();
            in.read(LIMITS).map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    m.int32Key();
                    m.float64();
                }
            });
            in.read(VERSION).int64();
        }
    }

    /** Reads an {@link IntKeyed} document's int32 keys as text: the text wires spell them as text, the binary ones refuse. */
    static final class ReadsIntKeysAsText implements Marshallable {
        final List<String> keys = new ArrayList<>();

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(BY_INT32).map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    o.keys.add(m.textKey());
                    m.text();
                }
            });
        }
    }

    /**
     * A text key read as an integer is a WireException; an integer key read as text is one on the
     * binary wires and its decimal text on the text wires. Either way the next document reads as
     * written. (The NUMBERED regression of an entry failing on its key is held by
     * ProtoMapInputTest, whose hand-built entries reach it; these written documents do not.)
     */
    @Test
    void theDocumentAfterOneThatFailedReadingAMapKeyReads() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(Limits.of("XLON", 1).put("EURUSD", 1.5).put("GBPUSD", 2.5));
        Limits next = Limits.of("XPAR", 2).put("USDJPY", 3.5);
        wire.writeDocument(next);
        IntKeyed ints = new IntKeyed();
        ints.byInt32.put(5, "five");
        wire.writeDocument(ints);
        wire.writeDocument(next);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new ReadsTextKeysAsInt32()));
        assertEquals(wireType().name(), e.wire());
        Limits copy = new Limits();
        assertTrue(wire.readDocument(copy), "the document after the failed one");
        assertEquals(next, copy, () -> dump(wire.bytes()));

        ReadsIntKeysAsText asText = new ReadsIntKeysAsText();
        if (wireType().isText()) {
            assertTrue(wire.readDocument(asText));
            assertEquals(List.of("5"), asText.keys);
        } else {
            assertThrows(WireException.class, () -> wire.readDocument(asText));
        }
        copy = new Limits();
        assertTrue(wire.readDocument(copy), "the document after the int keys read as text");
        assertEquals(next, copy, () -> dump(wire.bytes()));
        assertFalse(wire.readDocument(copy));
    }

    // ------------------------------------------------------------------ unexpected fields and versions

    /** {@link Limits} without its map: an older version of the type. Offers what it does not know to the hook. */
    static final class LimitsV1 implements Marshallable {
        String venue;
        long version;
        final List<String> unexpected = new ArrayList<>();
        final Map<String, Double> fromHook = new LinkedHashMap<>();
        boolean readInHook;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VENUE).text(venue)
               .write(VERSION).int64(version);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text(this, (o, v) -> o.venue = v)
              .read(VERSION).int64(this, (o, v) -> o.version = v);
        }

        @Override
        public void unexpectedField(WireKey key, ValueIn value) {
            unexpected.add(key.isNumbered() ? "#" + key.number() : key.name().toString());
            if (readInHook) {
                value.map(this, (o, m) -> {
                    while (m.hasNextEntry()) {
                        String k = m.textKey();
                        o.fromHook.put(k, m.float64());
                    }
                });
            }
        }
    }

    @Test
    void anOlderTypeWithoutTheMapSkipsItAndOffersItToTheHook() {
        Limits newer = Limits.of("XLON", 5).put("EURUSD", 1.5).put("GBPUSD", 2.5);
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(newer);
        wire.writeDocument(newer);
        LimitsV1 older = new LimitsV1();
        assertTrue(wire.readDocument(older));
        assertEquals("XLON", older.venue);
        assertEquals(5, older.version);
        assertEquals(List.of(key(LIMITS)), older.unexpected);
        assertTrue(wire.readDocument(older), "the next document, after one whose map was skipped");
        assertEquals(5, older.version);
        assertEquals(0, wire.bytes().readRemaining());
    }

    @Test
    void theHookReadsAMapItIsOfferedThroughValueMap() {
        Limits newer = Limits.of("XLON", 6).put("EURUSD", 1.5).put("", -0.0).put("GBPUSD", 2.5);
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(newer);
        wire.writeDocument(Limits.of("XPAR", 7));
        LimitsV1 older = new LimitsV1();
        older.readInHook = true;
        assertTrue(wire.readDocument(older));
        Map<String, Double> expected = new LinkedHashMap<>();
        expected.put("EURUSD", 1.5);
        expected.put("", -0.0);
        expected.put("GBPUSD", 2.5);
        assertEquals(expected, older.fromHook, () -> dump(wire.bytes()));
        assertEquals(6, older.version);
        older.fromHook.clear();
        assertTrue(wire.readDocument(older));
        assertEquals(7, older.version);
        assertTrue(older.fromHook.isEmpty(), "an empty map offered to the hook has no entries");
    }

    @Test
    void aNewerTypeReadsAnOlderDocumentWithoutTheMapAsNoEntries() {
        LimitsV1 older = new LimitsV1();
        older.venue = "XLON";
        older.version = 8;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(Limits.of("XPAR", 1).put("a", 1));
        wire.writeDocument(older);
        Limits reused = new Limits();
        assertTrue(wire.readDocument(reused));
        assertEquals(1, reused.count);
        assertTrue(wire.readDocument(reused));
        assertEquals(0, reused.count, "a map the writer lacked reads as empty, even into a reused object");
        assertEquals("XLON", reused.venue);
        assertEquals(8, reused.version);
    }

    /** Writes only an id: a {@link HoldsLimits} document whose holder is missing. */
    static final class IdOnly implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            out.write(OUTER_ID).int64(11);
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    @Test
    void aMapInANestedObjectInsideAMissingObjectReadsAsNoEntries() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(new IdOnly());
        HoldsLimits copy = new HoldsLimits();
        copy.reused.put("stale", 1);
        copy.reused.venue = "stale";
        assertTrue(wire.readDocument(copy));
        assertEquals(11, copy.id);
        assertEquals(0, copy.reused.count);
        assertNull(copy.reused.venue);
    }

    /** {@link WideConfig}, read maps first, then the rest in reverse order. */
    static final class WideConfigOutOfOrder implements Marshallable {
        final WideConfig values = new WideConfig();

        @Override
        public void writeMarshallable(WireOut out) {
            values.writeMarshallable(out);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(WideConfig.LEVELS).map(values, WideConfig::readLevels)
              .read(WideConfig.THRESHOLDS).map(values, WideConfig::readThresholds)
              .read(WideConfig.ROUTES).map(values, WideConfig::readRoutes)
              .read(WideConfig.ACCOUNTS).map(values, WideConfig::readAccounts)
              .read(WideConfig.CHECKSUM).int64(values, (o, v) -> o.checksum = v)
              .read(WideConfig.ENABLED).bool(values, (o, v) -> o.enabled = v)
              .read(WideConfig.RATIO).float64(values, (o, v) -> o.ratio = v)
              .read(WideConfig.NAME).text(values, (o, v) -> o.name = v);
            for (int i = values.ints.length - 1; i >= 0; i--) {
                values.ints[i] = in.read(WideConfig.INTS[i]).int32();
            }
        }
    }

    @Test
    void readsAThirtyFourFieldTypeWithFourMapsOutOfOrder() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(WideConfig.sample());
        wire.writeDocument(WideConfig.sample());
        WideConfigOutOfOrder copy = new WideConfigOutOfOrder();
        for (int i = 0; i < 2; i++) {
            assertTrue(wire.readDocument(copy));
            assertEquals(WideConfig.sample(), copy.values, () -> dump(wire.bytes()));
        }
        Party level1 = copy.values.levels.get(1);
        wire.bytes().clear();
        wire.writeDocument(WideConfig.sample());
        assertTrue(wire.readDocument(copy));
        org.junit.jupiter.api.Assertions.assertSame(level1, copy.values.levels.get(1), "the party under key 1 was read into its existing instance");
    }

    /** Reads a deeply nested map's first level and leaves the nested value unread, so the wire must skip it. */
    static final class SkipsDeepMaps implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ENTRIES).map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    m.textKey();
                }
            });
        }
    }

    /**
     * Skipping maps nested 10,000 deep is bounded too: a WireException naming maxDepth, never a
     * StackOverflowError. NUMBERED skips a nested value by its length without parsing it, so
     * there the document reads.
     */
    @Test
    void skippingMapsNestedTenThousandDeepIsBoundedNotAStackOverflow() throws InterruptedException {
        byte[] document = deeplyNestedMaps(10_000);
        Wire wire = wireType().apply(Bytes.wrap(document), options());
        if (wireType() == WireType.NUMBERED) {
            assertTrue(wire.readDocument(new SkipsDeepMaps()));
            assertEquals(0, wire.bytes().readRemaining());
            return;
        }
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new SkipsDeepMaps()));
        assertEquals(wireType().name(), e.wire());
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
    }
}
