package io.zwire;

import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Schema} of types with maps: kinds, keys, values, fingerprints, RAW problems and capturing map lambdas. */
class SchemaMapsTest {
    static final Field LIMITS = Field.of(2, "limits");
    static final Field BY_ID = Field.of(3, "byId");
    static final Field SERIES = Field.of(4, "series");
    static final Field GRID = Field.of(5, "grid");
    static final Field LAST = Field.of(6, "last");

    /** Text keys to float64 values, in parallel lists. */
    static class TextToFloat implements Marshallable {
        final List<String> keys = new ArrayList<>();
        final List<Double> values = new ArrayList<>();
        long last;

        TextToFloat put(String key, double value) {
            keys.add(key);
            values.add(value);
            return this;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LIMITS).map(this, (o, m) -> {
                for (int i = 0; i < o.keys.size(); i++) {
                    m.key(o.keys.get(i)).float64(o.values.get(i));
                }
            })
               .write(LAST).int64(last);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                o.keys.clear();
                o.values.clear();
                while (m.hasNextEntry()) {
                    o.put(m.textKey(), m.float64());
                }
            })
              .read(LAST).int64(this, (o, v) -> o.last = v);
        }
    }

    /** Writes as {@link TextToFloat}, reads its keys as int32: a RAW reader of this misreads every entry. */
    static final class ReadsIntKeys extends TextToFloat {
        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                o.keys.clear();
                while (m.hasNextEntry()) {
                    o.keys.add(Integer.toString(m.int32Key()));
                    m.float64();
                }
            })
              .read(LAST).int64(this, (o, v) -> o.last = v);
        }
    }

    /** Writes as {@link TextToFloat}, reads its values as int64. */
    static final class ReadsLongValues extends TextToFloat {
        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                o.keys.clear();
                while (m.hasNextEntry()) {
                    o.keys.add(m.textKey());
                    m.int64();
                }
            })
              .read(LAST).int64(this, (o, v) -> o.last = v);
        }
    }

    /** One map of each key kind, with values of four kinds: numbers, nested objects, sequences and maps. */
    static final class EveryMap implements Marshallable {
        final TextToFloat limits = new TextToFloat();
        final Map<Integer, Party> byId = new LinkedHashMap<>();
        final Map<Long, List<Long>> series = new LinkedHashMap<>();
        final Map<String, Map<Integer, String>> grid = new LinkedHashMap<>();

        static EveryMap sample() {
            EveryMap every = new EveryMap();
            every.limits.put("EURUSD", 1.5);
            every.byId.put(7, new Party("p", "a", 1));
            every.series.put(1L << 40, List.of(1L, 2L));
            every.grid.put("g", Map.of(1, "one"));
            return every;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LIMITS).map(limits, (o, m) -> {
                for (int i = 0; i < o.keys.size(); i++) {
                    m.key(o.keys.get(i)).float64(o.values.get(i));
                }
            })
               .write(BY_ID).map(this, (o, m) -> o.byId.forEach((k, v) -> m.key(k.intValue()).marshallable(v)))
               .write(SERIES).map(this, (o, m) -> o.series.forEach(
                       (k, v) -> m.key(k.longValue()).sequence(v, (list, seq) -> list.forEach(seq::int64))))
               .write(GRID).map(this, (o, m) -> o.grid.forEach(
                       (k, v) -> m.key(k).map(v, (inner, mm) -> inner.forEach((ik, iv) -> mm.key(ik.intValue()).text(iv)))));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(limits, (o, m) -> {
                o.keys.clear();
                o.values.clear();
                while (m.hasNextEntry()) {
                    o.put(m.textKey(), m.float64());
                }
            })
              .read(BY_ID).map(this, (o, m) -> {
                  o.byId.clear();
                  while (m.hasNextEntry()) {
                      int key = m.int32Key();
                      Party party = new Party();
                      m.marshallable(party);
                      o.byId.put(key, party);
                  }
              })
              .read(SERIES).map(this, (o, m) -> {
                  o.series.clear();
                  while (m.hasNextEntry()) {
                      List<Long> list = new ArrayList<>();
                      o.series.put(m.int64Key(), list);
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
              });
        }
    }

    @Test
    void aMapIsAFieldOfKindMapWithItsKeyAndValueKinds() {
        List<FieldSchema> fields = Schema.of(EveryMap.sample()).fields();
        assertEquals(List.of(FieldKind.MAP, FieldKind.MAP, FieldKind.MAP, FieldKind.MAP), fields.stream().map(FieldSchema::kind).toList());
        assertEquals(FieldKind.TEXT, fields.get(0).key().kind());
        assertEquals(FieldKind.FLOAT64, fields.get(0).element().kind());
        assertEquals(FieldKind.INT32, fields.get(1).key().kind());
        assertEquals(FieldKind.MARSHALLABLE, fields.get(1).element().kind());
        assertEquals(List.of("name", "account", "id"), fields.get(1).element().fields().stream().map(FieldSchema::name).toList());
        assertEquals(FieldKind.INT64, fields.get(2).key().kind());
        assertEquals(FieldKind.SEQUENCE, fields.get(2).element().kind());
        assertEquals(FieldKind.INT64, fields.get(2).element().element().kind());
        FieldSchema grid = fields.get(3);
        assertEquals(FieldKind.TEXT, grid.key().kind());
        assertEquals(FieldKind.MAP, grid.element().kind());
        assertEquals(FieldKind.INT32, grid.element().key().kind());
        assertEquals(FieldKind.TEXT, grid.element().element().kind());
    }

    @Test
    void theReadSideRecordsTheKeyAndValueKindsItReads() {
        List<FieldSchema> reads = Schema.of(EveryMap::new).readFields();
        assertEquals(List.of(FieldKind.TEXT, FieldKind.INT32, FieldKind.INT64, FieldKind.TEXT),
                reads.stream().map(f -> f.key().kind()).toList());
        assertEquals(List.of(FieldKind.FLOAT64, FieldKind.MARSHALLABLE, FieldKind.SEQUENCE, FieldKind.MAP),
                reads.stream().map(f -> f.element().kind()).toList());
    }

    @Test
    void describeListsTheKeyThenTheValueUnderTheMap() {
        String text = Schema.of(new TextToFloat().put("a", 1)).describe();
        assertEquals("2 limits MAP\n  key TEXT\n  - FLOAT64\n6 last INT64\n", text);
        String nested = Schema.of(EveryMap.sample()).describe();
        assertTrue(nested.contains("5 grid MAP\n  key TEXT\n  - MAP\n    key INT32\n    - TEXT\n"), nested);
    }

    @Test
    void aMapWrittenWithNoEntriesHasNoKeyAndNoValueKind() {
        FieldSchema limits = Schema.of(new TextToFloat()).fields().get(0);
        assertEquals(FieldKind.MAP, limits.kind());
        assertNull(limits.key());
        assertNull(limits.element());
        assertEquals("2 limits MAP\n6 last INT64\n", Schema.of(new TextToFloat()).describe());
    }

    @Test
    void theFingerprintTellsKeyKindsAndValueKindsApart() {
        long textKeys = Schema.of(TextToFloat::new).fingerprint();
        assertEquals(textKeys, Schema.of(TextToFloat::new).fingerprint(), "stable");
        assertNotEquals(textKeys, Schema.of(ReadsIntKeys::new).fingerprint(), "int32 keys read");
        assertNotEquals(textKeys, Schema.of(ReadsLongValues::new).fingerprint(), "int64 values read");
        assertNotEquals(Schema.of(ReadsIntKeys::new).fingerprint(), Schema.of(ReadsLongValues::new).fingerprint());
    }

    private static TypeRegistry registered(Class<? extends TextToFloat> type, java.util.function.Supplier<TextToFloat> factory) {
        @SuppressWarnings("unchecked")
        Class<TextToFloat> cast = (Class<TextToFloat>) type;
        return TypeRegistry.builder().add(type.getSimpleName(), cast, factory).build();
    }

    @Test
    void rawProblemCatchesAReaderOfInt32KeysWhereTextKeysAreWritten() {
        ReadsIntKeys sample = new ReadsIntKeys();
        sample.put("EURUSD", 1.5);
        String problem = Schema.of(sample, registered(ReadsIntKeys.class, ReadsIntKeys::new)).rawProblem().orElseThrow();
        assertTrue(problem.contains("a key of limits (2) as INT32 where it writes TEXT"), problem);
    }

    @Test
    void rawProblemCatchesAReaderOfAnotherValueKind() {
        ReadsLongValues sample = new ReadsLongValues();
        sample.put("EURUSD", 1.5);
        String problem = Schema.of(sample, registered(ReadsLongValues.class, ReadsLongValues::new)).rawProblem().orElseThrow();
        assertTrue(problem.contains("a value of limits (2) as INT64 where it writes FLOAT64"), problem);
    }

    @Test
    void aReaderThatReadsWhatItWritesHasNoRawProblem() {
        TextToFloat sample = new TextToFloat().put("EURUSD", 1.5);
        assertTrue(Schema.of(sample, registered(TextToFloat.class, TextToFloat::new)).rawProblem().isEmpty());
        assertTrue(Schema.of(EveryMap::new).rawProblem().isEmpty());
    }

    // ------------------------------------------------------------------ capturing map lambdas

    /** Map lambdas that capture, on both sides, and a setter inside a map value that captures a local. */
    static final class CapturingMaps implements Marshallable {
        final Map<String, Long> counts = new LinkedHashMap<>();
        final Map<String, Party> parties = new LinkedHashMap<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LIMITS).map(this, (o, m) -> counts.forEach((k, v) -> m.key(k).int64(v)))
               .write(BY_ID).map(this, (o, m) -> o.parties.forEach((k, v) -> m.key(k).marshallable(v)));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                counts.clear();
                while (m.hasNextEntry()) {
                    String key = m.textKey();
                    counts.put(key, m.int64());
                }
            })
              .read(BY_ID).map(this, (o, m) -> {
                  Map<String, Party> into = o.parties;
                  into.clear();
                  while (m.hasNextEntry()) {
                      String key = m.textKey();
                      m.marshallable(o, null, Party::new, (x, p) -> into.put(key, p));
                  }
              });
        }
    }

    @Test
    void aCapturingMapLambdaIsReportedWithItsField() {
        List<String> lines = Schema.of(CapturingMaps::new).capturingLambdas().stream().map(CapturingLambda::toString).toList();
        assertTrue(lines.contains("field limits (2): map lambda captures this (CapturingMaps.readMarshallable)"), lines::toString);
        assertTrue(lines.contains("field limits (2): map lambda captures this (CapturingMaps.writeMarshallable)"), lines::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("field byId (3): ") && l.contains("setter captures")
                && l.contains("CapturingMaps.readMarshallable")), lines::toString);
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("field byId (3): map lambda")),
                "the byId map lambdas capture nothing: " + lines);
    }

    @Test
    void mapLambdasThatCaptureNothingReportNone() {
        assertEquals(List.of(), Schema.of(EveryMap::new).capturingLambdas());
        assertEquals(List.of(), Schema.of(EveryMap.sample()).capturingLambdas(), "entries written, nested and nested again");
        assertEquals(List.of(), Schema.of(TextToFloat::new).capturingLambdas());
    }
}
