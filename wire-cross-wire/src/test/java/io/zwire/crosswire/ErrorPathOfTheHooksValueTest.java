package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.crosswire.ErrorPathOfElementsTest.Quote;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.RoundTripCost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A value the {@code unexpectedField} hook reads is named by the hook's key: its name, or on a
 * numbered wire its number, named where the type writes that field ({@code Keeper.extra.price});
 * a nested object the hook reads is named below it. Every wire but RAW, which offers no field to
 * the hook (it refuses a type that writes a field it does not read). The quote is
 * {@link ErrorPathOfElementsTest}'s, which writes its price as text when told to.
 */
class ErrorPathOfTheHooksValueTest {
    static final Field ID = Field.of(1, "id");
    static final Field EXTRA = Field.of(2, "extra");
    static final Field NOTE = Field.of(3, "note");

    /**
     * Reads only its id and keeps what the hook is handed: a note (an int64) and an extra quote,
     * which it writes back, so that a round trip writes what it read.
     */
    public static final class Keeper implements Marshallable {
        long id = 7;
        long note = 42;
        final Quote extra = new Quote();
        boolean noteAsText;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id);
            if (noteAsText) {
                out.write(NOTE).text("forty-two");
            } else {
                out.write(NOTE).int64(note);
            }
            out.write(EXTRA).marshallable(extra);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (k, v) -> k.id = v);
        }

        @Override public void unexpectedField(WireKey key, ValueIn value) {
            if (key.isNumbered() ? key.number() == EXTRA.number() : EXTRA.name().contentEquals(key.name())) {
                value.marshallable(extra);
            } else {
                note = value.int64();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aScalarTheHookReadsIsNamedByItsKey(WireType type) {
        Keeper sent = new Keeper();
        sent.noteAsText = true;

        WireException e = assertThrows(WireException.class, () -> readBack(type, sent));
        assertEquals("Keeper.note", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aFieldOfAnObjectTheHookReadsIsNamedBelowItsKey(WireType type) {
        Keeper sent = new Keeper();
        sent.extra.priceAsText = true;

        WireException e = assertThrows(WireException.class, () -> readBack(type, sent));
        assertEquals("Keeper.extra.price", e.path(), e.getMessage());
    }

    /** The key of the second field offered, not the first's, though the first was read through the same key. */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void theSecondFieldOfferedIsNamedByItsOwnKey(WireType type) {
        Holder sent = new Holder();
        sent.second.extra.priceAsText = true;

        WireException e = assertThrows(WireException.class, () -> readBack(type, sent, new Holder()));
        assertEquals("Holder.second.extra.price", e.path(), e.getMessage());
    }

    /** Two keepers, so that a hook's key is saved below a level that is itself a field. */
    public static final class Holder implements Marshallable {
        static final Field FIRST = Field.of(1, "first");
        static final Field SECOND = Field.of(2, "second");
        final Keeper first = new Keeper();
        final Keeper second = new Keeper();

        @Override public void writeMarshallable(WireOut out) {
            out.write(FIRST).marshallable(first).write(SECOND).marshallable(second);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(FIRST).marshallable(first).read(SECOND).marshallable(second);
        }
    }

    /** Writes a field the reading type neither reads nor writes, so no schema names it. */
    public static final class Stranger implements Marshallable {
        static final Field ODD = Field.of(9, "odd");

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(1).write(ODD).text("x");
        }

        @Override public void readMarshallable(WireIn in) {
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aKeyTheTypeDoesNotWriteIsNamedAsOnTheWire(WireType type) {
        WireException e = assertThrows(WireException.class, () -> readBack(type, new Stranger(), new Keeper()));
        String expected = type == WireType.NUMBERED || type == WireType.YAML_NUMBERED ? "Keeper.#9" : "Keeper.odd";
        assertEquals(expected, e.path(), e.getMessage());
    }

    /** A key that is no name is quoted, as a map's key is, so that its dot reads as part of one segment. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "JSON | {\"id\": 1, \"odd.key\": \"x\"}",
        "YAML | id: 1\\n\"odd key\": x\\n",
    })
    void aKeyThatIsNoNameIsQuoted(WireType type, String escaped) {
        byte[] input = escaped.replace("\\n", "\n").getBytes(StandardCharsets.UTF_8);
        WireException e = assertThrows(WireException.class, () -> type.apply(Bytes.wrap(input)).readDocument(new Keeper()));
        String key = type == WireType.JSON ? "odd.key" : "odd key";
        assertEquals("Keeper[\"" + key + "\"]", e.path(), e.getMessage());
    }

    /** Naming the hook's key copies it when a level is entered below it: once per depth, then no more. */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aHookThatReadsAnObjectAllocatesNothingInSteadyState(WireType type) {
        RoundTripCost cost = GarbageAssertions.measure(Keeper::new, Keeper::new, type, 20_000, 50_000);
        assertTrue(cost.bytesPerRoundTrip() <= GarbageAssertions.THRESHOLD,
                type + " allocated " + cost.bytesPerRoundTrip() + " bytes per round trip of a Keeper");
    }

    private static void readBack(WireType type, Marshallable sent) {
        readBack(type, sent, new Keeper());
    }

    private static void readBack(WireType type, Marshallable sent, Marshallable target) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(sent);
        wire.readDocument(target);
    }

    // Review of the first cut: an object the hook reads named the hook's key twice, or the key of
    // a nested hook, when it was refused as it started or after its end.

    /** Reads its id; its hook reads extra as a typed object, and an int64 for any other key. */
    public static final class TypedKeeper implements Marshallable {
        Marshallable extra;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(1);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (k, v) -> { });
        }

        @Override public void unexpectedField(WireKey key, ValueIn value) {
            if (EXTRA.name().contentEquals(key.name())) {
                value.typed(Marshallable.class, this, extra, (k, v) -> k.extra = v);
            } else {
                value.int64();
            }
        }
    }

    /** Reads {@code a}; its own hook reads any other field as an int64. */
    public static final class Inner implements Marshallable {
        static final Field A = Field.of(1, "a");

        @Override public void writeMarshallable(WireOut out) {
            out.write(A).int64(1);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(A).int64(this, (i, v) -> { });
        }

        @Override public void unexpectedField(WireKey key, ValueIn value) {
            value.int64();
        }
    }

    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Quote", Quote.class, Quote::new)
            .add("Inner", Inner.class, Inner::new)
            .build();

    /** Writes an int64 where {@link Keeper} reads an object. */
    public static final class ScalarExtra implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(1).write(EXTRA).int64(5);
        }

        @Override public void readMarshallable(WireIn in) {
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void anObjectTheHookReadsRefusedAsItStartsIsNamedByTheKeyOnce(WireType type) {
        WireException e = assertThrows(WireException.class, () -> readBack(type, new ScalarExtra()));
        assertEquals("Keeper.extra", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"id\": 1, \"extra\": {\"@Quote\": {\"price\": 1.0, \"size\": 2}, \"junk\": 0}}",
        "{\"id\": 1, \"extra\": {\"@Inner\": {\"a\": 1, \"y\": 2}, \"junk\": 0}}",
    })
    void aTypedObjectTheHookReadsRefusedAfterItsEndIsNamedByTheOuterKeyOnce(String json) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(json.getBytes(StandardCharsets.UTF_8)),
                WireOptions.defaults().withTypes(TYPES));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new TypedKeeper()));
        assertEquals("TypedKeeper.extra", e.path(), e.getMessage());
    }

    @Test
    void aFieldTheHookOfAnObjectTheHookReadsIsNamedByBothKeys() {
        byte[] json = "{\"id\": 1, \"extra\": {\"@Inner\": {\"a\": 1, \"y\": \"q\"}}}".getBytes(StandardCharsets.UTF_8);
        Wire wire = WireType.JSON.apply(Bytes.wrap(json), WireOptions.defaults().withTypes(TYPES));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new TypedKeeper()));
        assertEquals("TypedKeeper.extra.y", e.path(), e.getMessage());
    }

    /** Reads its id; its hook reads extra as an object, then refuses it by a check of its own. */
    public static final class CheckingKeeper implements Marshallable {
        final Quote extra = new Quote();
        boolean inSetter;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(1).write(EXTRA).marshallable(extra);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (k, v) -> { });
        }

        @Override public void unexpectedField(WireKey key, ValueIn value) {
            if (inSetter) {
                value.marshallable(this, null, Quote::new, (k, q) -> {
                    throw new WireException("hook", -1, "an extra quote the keeper accepts");
                });
                return;
            }
            value.marshallable(extra);
            throw new WireException("hook", -1, "an extra quote the keeper accepts");
        }
    }

    /** Second review: once the object was left, a refusal of the hook's own still names its key. */
    @ParameterizedTest
    @CsvSource({
        "YAML, false", "YAML_NUMBERED, false", "JSON, false", "BINARY, false", "NUMBERED, false",
        "YAML, true", "YAML_NUMBERED, true", "JSON, true", "BINARY, true", "NUMBERED, true",
    })
    void theHooksOwnRefusalAfterItReadAnObjectIsNamedByTheKey(WireType type, boolean inSetter) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new CheckingKeeper());
        CheckingKeeper keeper = new CheckingKeeper();
        keeper.inSetter = inSetter;

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(keeper));
        assertEquals("CheckingKeeper.extra", e.path(), e.getMessage());
    }
}
