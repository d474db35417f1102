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
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link WireException} raised inside a typed read names the way from the document's type to
 * the value (issue 35, item 5): a field of a nested object, an element of a sequence, the value of
 * a map's key, on every wire that can tell a wrong value (every one but RAW, which carries no
 * kinds and is checked by its short documents instead).
 */
class ErrorPathTest {
    /** The start of the message README.md's "Bad input" quotes. */
    static final String README_EXAMPLE = "JSON at offset 26 (line 1, column 27), in VanReading.position.lat: expected a float64";
    static final Field ID = Field.of(1, "id");
    static final Field POSITION = Field.of(2, "position");
    static final Field SPEED = Field.of(3, "speed");
    static final Field LAT = Field.of(1, "lat");
    static final Field LON = Field.of(2, "lon");
    static final Field LEVELS = Field.of(1, "levels");
    static final Field PRICE = Field.of(1, "price");
    static final Field QTY = Field.of(2, "qty");
    static final Field BY_SYMBOL = Field.of(1, "bySymbol");
    static final Field MAX = Field.of(1, "max");
    static final Field NAME = Field.of(2, "name");
    static final Field PRICE_FIELD = Field.of(3, "price");

    /** The reading side: a van's position and speed. */
    static final class VanReading implements Marshallable {
        long id;
        final Position position = new Position();
        float speed;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(POSITION).marshallable(position).write(SPEED).float32(speed);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (v, x) -> v.id = x)
                    .read(POSITION).marshallable(position)
                    .read(SPEED).float32(this, (v, x) -> v.speed = x);
        }
    }

    static final class Position implements Marshallable {
        double lat;
        double lon;

        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).float64(lat).write(LON).float64(lon);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(LAT).float64(this, (p, x) -> p.lat = x).read(LON).float64(this, (p, x) -> p.lon = x);
        }
    }

    /** What a service that sends the latitude as text writes. */
    static final class TextLatitudeVan implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(7)
                    .write(POSITION).marshallable(writes(w -> w.write(LAT).text("51.5N").write(LON).float64(-0.12)))
                    .write(SPEED).float32(12.5f);
        }

        @Override public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    /** A book of price levels, the fourth of which a sender wrote with a text price. */
    static final class Book implements Marshallable {
        final List<double[]> levels = new ArrayList<>();
        int textPriceAt = -1;

        @Override public void writeMarshallable(WireOut out) {
            out.write(LEVELS).sequence(this, (b, s) -> {
                for (int i = 0; i < 5; i++) {
                    int level = i;
                    s.marshallable(writes(w -> {
                        if (level == b.textPriceAt) {
                            w.write(PRICE).text("1.08 bid");
                        } else {
                            w.write(PRICE).float64(1.08 + level);
                        }
                        w.write(QTY).int64(level);
                    }));
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            levels.clear();
            in.read(LEVELS).sequence(this, (b, s) -> {
                while (s.hasNextElement()) {
                    double[] level = new double[2];
                    s.marshallable(new Marshallable() {
                        @Override public void writeMarshallable(WireOut out) {
                        }

                        @Override public void readMarshallable(WireIn l) {
                            level[0] = l.read(PRICE).float64();
                            level[1] = l.read(QTY).int64();
                        }
                    });
                    b.levels.add(level);
                }
            });
        }
    }

    /** Limits by symbol: a map of objects, one of whose values a sender wrote as text. */
    static final class Limits implements Marshallable {
        final Map<String, Long> bySymbol = new LinkedHashMap<>();
        String textFor;

        @Override public void writeMarshallable(WireOut out) {
            out.write(BY_SYMBOL).map(this, (o, m) -> {
                for (String symbol : List.of("EURUSD", "GBPUSD", "USDJPY")) {
                    if (symbol.equals(o.textFor)) {
                        m.key(symbol).marshallable(writes(w -> w.write(MAX).text("a million")));
                    } else {
                        m.key(symbol).marshallable(writes(w -> w.write(MAX).int64(1_000_000)));
                    }
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            bySymbol.clear();
            in.read(BY_SYMBOL).map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    String symbol = m.textKey();
                    long[] max = new long[1];
                    m.marshallable(new Marshallable() {
                        @Override public void writeMarshallable(WireOut out) {
                        }

                        @Override public void readMarshallable(WireIn l) {
                            max[0] = l.read(MAX).int64();
                        }
                    });
                    o.bySymbol.put(symbol, max[0]);
                }
            });
        }
    }

    private static byte[] written(WireType type, Marshallable document) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(document);
        return wire.bytes().toByteArray();
    }

    private static WireException refused(WireType type, byte[] input, Marshallable into) {
        Wire wire = type.apply(Bytes.wrap(input));
        return assertThrows(WireException.class, () -> wire.readDocument(into), type.name());
    }

    /** An object that only writes: what a sender of another version, or another language, puts on the wire. */
    static Marshallable writes(Consumer<WireOut> body) {
        return new Marshallable() {
            @Override public void writeMarshallable(WireOut out) {
                body.accept(out);
            }

            @Override public void readMarshallable(WireIn in) {
                throw new UnsupportedOperationException("written only");
            }
        };
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aWrongValueInANestedObjectNamesItsField(WireType type) {
        WireException e = refused(type, written(type, new TextLatitudeVan()), new VanReading());
        assertEquals("VanReading.position.lat", e.path(), e.getMessage());
        assertTrue(e.getMessage().contains(", in VanReading.position.lat: expected "), e.getMessage());
    }

    /** The message README.md's "Bad input" quotes. */
    @Test
    void theReadmesExampleIsTheMessageJsonGives() {
        WireException e = refused(WireType.JSON, written(WireType.JSON, new TextLatitudeVan()), new VanReading());
        assertTrue(e.getMessage().startsWith(README_EXAMPLE), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aWrongValueInASequenceNamesTheElementsIndex(WireType type) {
        Book sent = new Book();
        sent.textPriceAt = 3;
        WireException e = refused(type, written(type, sent), new Book());
        assertEquals("Book.levels[3].price", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aWrongValueUnderAMapKeyNamesTheKey(WireType type) {
        Limits sent = new Limits();
        sent.textFor = "GBPUSD";
        WireException e = refused(type, written(type, sent), new Limits());
        assertEquals("Limits.bySymbol[\"GBPUSD\"].max", e.path(), e.getMessage());
    }

    /**
     * A key read into the caller's builder, which the next key overwrites: the path names the entry
     * by its index. Names come from what the document's type writes (its schema, recorded only when
     * the error is raised), so a type that writes nothing has its fields named by number.
     */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aKeyReadIntoABuilderNamesTheEntryByItsIndex(WireType type) {
        Limits sent = new Limits();
        sent.textFor = "USDJPY";
        StringBuilder scratch = new StringBuilder();
        Marshallable keysIntoABuilder = new Marshallable() {
            @Override public void writeMarshallable(WireOut out) {
            }

            @Override public void readMarshallable(WireIn in) {
                in.read(BY_SYMBOL).map(this, (o, m) -> {
                    while (m.hasNextEntry()) {
                        m.keyTo(scratch);
                        m.marshallable(new Marshallable() {
                            @Override public void writeMarshallable(WireOut out) {
                            }

                            @Override public void readMarshallable(WireIn l) {
                                l.read(MAX).int64();
                            }
                        });
                    }
                });
            }
        };
        WireException e = refused(type, written(type, sent), keysIntoABuilder);
        // This reading type writes nothing, so its schema names no field: fields go by number.
        assertTrue(e.path() != null && e.path().endsWith(".#1[entry 2].#1"), e.getMessage());
    }

    /** A RAW text whose length a corruption raised past the document's end: RAW's own way to be wrong. */
    @Test
    void onRawATextLengthPastTheDocumentsEndNamesTheTextsField() {
        Named sent = new Named();
        sent.name = "Meridian";
        byte[] input = written(WireType.RAW, sent);
        int text = indexOf(input, "Meridian".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        input[text - 1] = 100;
        WireException e = refused(WireType.RAW, input, new Named());
        assertEquals("Named.name", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"NUMBERED", "RAW"})
    void anErrorInTheDocumentsFrameNamesTheTypeAlone(WireType type) {
        byte[] whole = written(type, new VanReading());
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        WireException e = refused(type, cut, new VanReading());
        assertEquals("VanReading", e.path(), e.getMessage());
    }

    static final class Named implements Marshallable {
        long id = 42;
        String name;
        double price = 1.5;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(NAME).text(name).write(PRICE_FIELD).float64(price);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (n, x) -> n.id = x).read(NAME).text(this, (n, x) -> n.name = x)
                    .read(PRICE_FIELD).float64(this, (n, x) -> n.price = x);
        }
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void aWellFormedDocumentAfterABadOneStartsItsPathAtTheRootAgain() {
        WireType type = WireType.JSON;
        Book bad = new Book();
        bad.textPriceAt = 1;
        byte[] first = written(type, bad);
        WireException e = refused(type, first, new Book());
        assertEquals("Book.levels[1].price", e.path());
        WireException again = refused(type, written(type, new TextLatitudeVan()), new VanReading());
        assertEquals("VanReading.position.lat", again.path(), "nothing of the first document's path is left");
    }

    @Test
    void aPlainValueReadHasNoPath() {
        Wire wire = WireType.JSON.apply(Bytes.wrap("{\"a\": [1, 2,".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        WireException e = assertThrows(WireException.class, () -> wire.readValue(v -> { }));
        assertNull(e.path(), e.getMessage());
    }
}
