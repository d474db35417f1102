package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Ints14;
import io.zwire.testkit.model.Ints64;
import io.zwire.testkit.model.Node;
import io.zwire.testkit.model.Nullables;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import io.zwire.testkit.model.WriteOnly;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The cases every wire passes: subclass it once per wire (as JCTools' {@code QueueSanityTest} is
 * subclassed per queue). Self-describing wires subclass {@link SelfDescribingWireContract}, which adds
 * the missing, extra and reordered field cases.
 */
public abstract class WireContract implements ForeignTypesContract, FieldClashesContract {
    /** Registry used by every wire in the suite. */
    protected static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    /** The wire under test. */
    protected abstract WireType wireType();

    /**
     * The bytes of one document that is invalid on this wire when read as an {@link Order}, for the
     * recovery test (valid, invalid, valid).
     */
    protected abstract byte[] invalidOrderDocument();

    /** True when every proper prefix of a document must be rejected (binary wires with framing). */
    protected boolean detectsEveryTruncation() {
        return !wireType().isText();
    }

    protected WireOptions options() {
        return WireOptions.defaults().withTypes(TYPES);
    }

    protected Wire newWire(Bytes bytes) {
        return wireType().apply(bytes, options());
    }

    @Override
    public Wire foreignWire(Bytes bytes) {
        return newWire(bytes);
    }

    protected <T extends Marshallable> T roundTrip(T source, Supplier<T> factory) {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        T copy = factory.get();
        assertTrue(wire.readDocument(copy), "a document was written");
        assertEquals(source, copy, () -> "round trip over " + wireType() + "\n" + dump(wire.bytes()));
        assertEquals(0, wire.bytes().readRemaining(), "the document was read to its end");
        assertFalse(wire.readDocument(factory.get()), "only one document was written");
        return copy;
    }

    /** The document bytes for failure messages: text as text, binary as hex. */
    protected String dump(Bytes bytes) {
        byte[] data = new byte[bytes.writePosition()];
        bytes.copyTo(0, data, 0, data.length);
        if (wireType().isText()) {
            return new String(data, java.nio.charset.StandardCharsets.UTF_8);
        }
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < data.length; i++) {
            hex.append(String.format(i % 16 == 0 ? "%n%04x: %02x" : " %02x", i, data[i] & 0xFF));
        }
        return hex.toString();
    }

    static AllTypes typical() {
        AllTypes all = new AllTypes();
        all.int8 = -7;
        all.int16 = -1234;
        all.uint16 = 65_000;
        all.int32 = 123_456_789;
        all.int64 = -9_876_543_210L;
        all.float32 = 1.5f;
        all.float64 = 1.08345;
        all.bool = true;
        all.char16 = 'Z';
        all.text = "EURUSD";
        all.note.append("limit order, good till cancelled");
        all.data = new byte[] {0, 1, 2, (byte) 0xFF, 0x7F};
        all.side = Side.SELL;
        all.party = new Party("Alice", "ACC-1", 7);
        all.longs.addAll(List.of(1L, -2L, Long.MAX_VALUE));
        all.tags.addAll(List.of("a", "", "b c"));
        all.parties.add(new Party("Bob", null, 2));
        all.parties.add(new Party("Carol", "ACC-3", 3));
        all.matrix.add(List.of(1, 2, 3));
        all.matrix.add(List.of());
        all.matrix.add(List.of(-4));
        all.payload = Order.sample();
        return all;
    }

    // ------------------------------------------------------------------ values

    @Test
    void roundTripsEveryValueKind() {
        roundTrip(typical(), AllTypes::new);
    }

    @Test
    void roundTripsDefaults() {
        roundTrip(new AllTypes(), AllTypes::new);
    }

    static Stream<AllTypes> edgeValues() {
        List<AllTypes> cases = new ArrayList<>();
        byte[] int8s = {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE};
        short[] int16s = {Short.MIN_VALUE, -1, 0, 1, Short.MAX_VALUE};
        int[] uint16s = {0, 1, 0x7FFF, 0x8000, 0xFFFF};
        int[] int32s = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE};
        long[] int64s = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE};
        float[] float32s = {Float.NaN, -0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
                Float.MAX_VALUE, Float.MIN_NORMAL, 0.1f, 1e-10f, 16_777_217f};
        double[] float64s = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
                Double.MAX_VALUE, Double.MIN_NORMAL, 0.1, 1e300, -1.23456789e-9, 9007199254740993.0, 1e23, 5e-324};
        char[] chars = {'\0', 'a', '"', '\'', '\\', '\n', '\t', '#', ':', '-', '\u00e9', '\u20ac', '\uD800', '\uDFFF',
                '\uFFFE', '\uFFFF'};
        String[] texts = {null, "", " ", "  leading and trailing  ", "a\nb", "tab\there", "quote\" and 'apostrophe'",
                "back\\slash", "# not a comment", "key: value", "- item", "? key", "yes", "no", "null", "~", "true",
                "FALSE", "123", "-4.5e6", "0x1F", ".nan", "@at", "`tick", "%percent", "!tag", "&anchor", "*alias",
                "{flow}", "[seq]", "|", ">", "---", "...", "caf\u00e9", "\u20ac100", "\u65e5\u672c\u8a9e",
                "emoji \uD83D\uDE00 smile", "\uD83C\uDFF3\uFE0F\u200D\uD83C\uDF08", "control \u0001\u0007\u001b\u007f",
                "nbsp\u00a0and\u2028line sep", "bom\uFEFF", "x".repeat(300)};
        int n = Math.max(Math.max(float64s.length, texts.length), chars.length);
        for (int i = 0; i < n; i++) {
            AllTypes all = new AllTypes();
            all.int8 = int8s[i % int8s.length];
            all.int16 = int16s[i % int16s.length];
            all.uint16 = uint16s[i % uint16s.length];
            all.int32 = int32s[i % int32s.length];
            all.int64 = int64s[i % int64s.length];
            all.float32 = float32s[i % float32s.length];
            all.float64 = float64s[i % float64s.length];
            all.bool = i % 2 == 0;
            all.char16 = chars[i % chars.length];
            all.text = texts[i % texts.length];
            all.note.append(texts[(i + 1) % texts.length] == null ? "" : texts[(i + 1) % texts.length]);
            all.data = i % 3 == 0 ? null : new byte[i % 5];
            all.side = i % 3 == 0 ? null : Side.values()[i % 2];
            all.tags.add(texts[(i + 2) % texts.length] == null ? "" : texts[(i + 2) % texts.length]);
            all.longs.add(int64s[(i + 1) % int64s.length]);
            cases.add(all);
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("edgeValues")
    void roundTripsEdgeValues(AllTypes values) {
        roundTrip(values, AllTypes::new);
    }

    @Test
    void roundTripsEveryChar() {
        AllTypes all = new AllTypes();
        Wire wire = newWire(Bytes.elastic(64));
        AllTypes copy = new AllTypes();
        for (int c = 0; c <= 0xFFFF; c++) {
            all.char16 = (char) c;
            wire.bytes().clear();
            wire.writeDocument(all);
            wire.readDocument(copy);
            if (copy.char16 != c) {
                fail("char " + Integer.toHexString(c) + " read back as " + Integer.toHexString(copy.char16));
            }
        }
    }

    @Test
    void roundTripsFloatsAndDoublesExactly() {
        Random random = new Random(42);
        AllTypes all = new AllTypes();
        AllTypes copy = new AllTypes();
        Wire wire = newWire(Bytes.elastic(64));
        for (int i = 0; i < 20_000; i++) {
            all.float64 = Double.longBitsToDouble(random.nextLong());
            all.float32 = Float.intBitsToFloat(random.nextInt());
            wire.bytes().clear();
            wire.writeDocument(all);
            wire.readDocument(copy);
            assertEquals(0, Double.compare(all.float64, copy.float64), () -> "double " + all.float64);
            assertEquals(0, Float.compare(all.float32, copy.float32), () -> "float " + all.float32);
        }
    }

    @Test
    void readsTextWithoutAllocatingThroughTextTo() {
        AllTypes all = typical();
        AllTypes copy = roundTrip(all, AllTypes::new);
        assertEquals("limit order, good till cancelled", copy.note.toString());
    }

    @Test
    void internsRepeatedText() {
        Wire wire = newWire(Bytes.elastic(64));
        Order order = Order.sample();
        Order first = new Order();
        Order second = new Order();
        wire.writeDocument(order);
        wire.writeDocument(order);
        wire.readDocument(first);
        wire.readDocument(second);
        assertEquals("EURUSD", first.symbol());
        assertSame(first.symbol(), second.symbol(), "the same text is the same String instance");
    }

    // ------------------------------------------------------------------ null, "" and absent through isNull

    @Test
    void isNullTellsNullFromEmptyTextReadThroughTextTo() {
        Nullables copy = roundTrip(Nullables.sample(wireType()), Nullables::new);
        assertTrue(copy.first.isNull, "null");
        assertEquals("", copy.first.text.toString());
        assertFalse(copy.second.isNull, "\"\"");
        assertEquals("", copy.second.text.toString());
        assertFalse(copy.third.isNull, "text");
        assertEquals("x", copy.third.text.toString());
        assertNull(copy.side);
        assertNull(copy.payload);
        assertEquals(0, copy.disagreements, "isNull agreed with the enum and the typed object read after it");
    }

    @Test
    void isNullAnswersForANestedObjectAndForTheFieldsOfANullOne() {
        Nullables source = Nullables.sample(wireType());
        source.side = Side.SELL;
        source.payload = new Party("typed", null, 5);
        Nullables copy = roundTrip(source, Nullables::new);
        assertFalse(copy.innerNull);
        assertTrue(copy.inner.name.isNull);
        assertFalse(copy.inner.note.isNull);
        assertEquals(0, copy.disagreements);

        source.innerNull = true;
        source.payload = null;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        copy.inner.name.set("stale");
        copy.inner.note.set("stale");
        assertTrue(wire.readDocument(copy));
        assertTrue(copy.innerNull, "a null object");
        assertTrue(copy.inner.name.isNull, "a field of a null object is absent");
        assertTrue(copy.inner.note.isNull, "a field of a null object is absent");
        assertEquals("", copy.inner.note.text.toString());
        assertNull(copy.payload);
        assertEquals(0, copy.disagreements);
    }

    @Test
    void isNullAnswersForEachSequenceElementAndForANullSequence() {
        Nullables source = Nullables.sample(wireType());
        Nullables copy = roundTrip(source, Nullables::new);
        assertFalse(copy.elementsNull);
        assertEquals(source.elementCount, copy.elementCount);
        int first = source.elementCount - 2;
        if (first == 1) {
            assertTrue(copy.elements[0].isNull, "a null element");
        }
        assertFalse(copy.elements[first].isNull, "an empty element");
        assertEquals("", copy.elements[first].text.toString());
        assertFalse(copy.elements[first + 1].isNull);

        source.elementsNull = true;
        source.elementCount = 0;
        copy = roundTrip(source, Nullables::new);
        assertTrue(copy.elementsNull, "a null sequence");
        assertEquals(0, copy.elementCount);

        source.elementsNull = false;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(source);
        assertTrue(wire.readDocument(copy));
        assertEquals(wireType() == WireType.NUMBERED, copy.elementsNull,
                "an empty sequence is not null, but on NUMBERED it is written as nothing, as null is");
        assertEquals(0, copy.elementCount);
    }

    // ------------------------------------------------------------------ objects, sequences, enums, typed

    @Test
    void nullNestedObjectReadsAsNullEvenIntoAReusedObject() {
        Order withParty = Order.sample();
        Order withoutParty = new Order(2, "GBPUSD", 1.25, 10, Side.SELL, null);
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(withParty);
        wire.writeDocument(withoutParty);
        Order reused = new Order();
        wire.readDocument(reused);
        assertEquals(withParty, reused);
        Party party = reused.party();
        wire.readDocument(reused);
        assertEquals(withoutParty, reused);
        assertNull(reused.party());
        wire.bytes().clear();
        wire.writeDocument(withParty);
        reused = new Order(0, null, 0, 0, null, party);
        wire.readDocument(reused);
        assertSame(party, reused.party(), "a non-null nested object is read into the existing instance");
    }

    @Test
    void roundTripsSequences() {
        AllTypes all = new AllTypes();
        for (long i = 0; i < 1000; i++) {
            all.longs.add(i * i * (i % 2 == 0 ? 1 : -1));
            all.tags.add("tag" + i % 10);
        }
        for (int i = 0; i < 50; i++) {
            all.parties.add(new Party("p" + i, i % 2 == 0 ? null : "acc" + i, i));
            all.matrix.add(i % 7 == 0 ? List.of() : List.of(i, -i, i * 1000));
        }
        roundTrip(all, AllTypes::new);
    }

    @Test
    void roundTripsEveryEnumConstantAndNull() {
        for (Side side : new Side[] {Side.BUY, Side.SELL, null}) {
            AllTypes all = new AllTypes();
            all.side = side;
            assertEquals(side, roundTrip(all, AllTypes::new).side);
        }
    }

    /** An enum read as {@link Venue}, written from a wider one that has {@code NYSE} at ordinal 7. */
    static final class VenueField implements Marshallable {
        static final Field VENUE = Field.of(1, "venue");
        Enum<?> written;
        Venue read;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VENUE).asEnum(written);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).asEnum(Venue.class, this, (o, v) -> o.read = v);
        }
    }

    enum Venue { XLON, XPAR }

    enum WiderVenue { XLON, XPAR, XETR, XAMS, XMIL, XMAD, XSWX, NYSE }

    /**
     * Regression: a name or ordinal that is no constant of the enum read was reported without the
     * value found. The wires that write names say the name; NUMBERED and RAW, which write
     * ordinals, say the number.
     */
    @Test
    void anUnknownEnumConstantIsAWireExceptionNamingTheValueFound() {
        Wire wire = newWire(Bytes.elastic(64));
        VenueField document = new VenueField();
        document.written = WiderVenue.NYSE;
        wire.writeDocument(document);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new VenueField()));
        assertEquals(wireType().name(), e.wire());
        boolean ordinals = wireType() == WireType.NUMBERED || wireType() == WireType.RAW;
        String expected = "expected a constant of Venue, found " + (ordinals ? "7" : "\"NYSE\"");
        assertTrue(e.getMessage().contains(expected), () -> "'" + expected + "' in " + e.getMessage());
        assertTrue(e.offset() >= 0, "an offset");
    }

    @Test
    void roundTripsTypedObjectsThroughTheRegistry() {
        AllTypes all = typical();
        all.payload = new Party("typed", "T-1", 99);
        AllTypes copy = roundTrip(all, AllTypes::new);
        assertEquals(Party.class, copy.payload.getClass());
        all.payload = Order.sample();
        copy = roundTrip(all, AllTypes::new);
        assertEquals(Order.class, copy.payload.getClass());
        all.payload = null;
        assertNull(roundTrip(all, AllTypes::new).payload);
    }

    @Test
    void reusesTheTypedInstanceWhenItsClassMatches() {
        AllTypes all = typical();
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(all);
        wire.writeDocument(all);
        AllTypes copy = new AllTypes();
        wire.readDocument(copy);
        Marshallable first = copy.payload;
        wire.readDocument(copy);
        assertSame(first, copy.payload);
    }

    @Test
    void writingAnUnregisteredTypedObjectFailsAndLeavesTheBufferAsItWas() {
        Wire wire = wireType().apply(Bytes.elastic(64), WireOptions.defaults());
        wire.writeDocument(Order.sample());
        int end = wire.bytes().writePosition();
        AllTypes all = typical();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wire.writeDocument(all));
        assertTrue(e.getMessage().contains(Order.class.getName()), e.getMessage());
        assertEquals(end, wire.bytes().writePosition(), "the failed document was rolled back");
        Order copy = new Order();
        assertTrue(wire.readDocument(copy));
        assertEquals(Order.sample(), copy);
    }

    /** Writes an {@link Order}, keeping the {@link WireOut} it is given, as a user's code must not. */
    static final class KeepsItsWireOut implements Marshallable {
        static final Field NOTE = Field.of(30, "note");
        final Order order;
        WireOut kept;
        boolean fail;

        KeepsItsWireOut(Order order) {
            this.order = order;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            kept = out;
            if (fail) {
                throw new IllegalArgumentException("failed on purpose");
            }
            order.writeMarshallable(out);
        }

        @Override
        public void readMarshallable(WireIn in) {
            order.readMarshallable(in);
        }
    }

    /**
     * Regression: a field written through a WireOut kept past its document (which the public
     * {@code Wire.out()}, since removed, invited) was written outside any document: JSON lost it,
     * YAML wrote "note: 5" into the next document's "---" line, RAW's next reader took it for a
     * document's length, and no wire read it back.
     */
    @Test
    void aFieldWrittenThroughAWireOutKeptPastItsDocumentIsRefused() {
        // A heap buffer, which the text wires write into directly, and a direct one, which they stage.
        aFieldWrittenThroughAKeptWireOutIsRefused(newWire(Bytes.elastic(64)));
        aFieldWrittenThroughAKeptWireOutIsRefused(newWire(Bytes.allocateDirect(4096).clear()));
    }

    private void aFieldWrittenThroughAKeptWireOutIsRefused(Wire wire) {
        KeepsItsWireOut document = new KeepsItsWireOut(Order.sample());
        wire.writeDocument(document);
        int end = wire.bytes().writePosition();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> document.kept.write(KeepsItsWireOut.NOTE).int32(5));
        assertTrue(e.getMessage().contains("outside Wire.writeDocument"), e.getMessage());
        assertEquals(end, wire.bytes().writePosition(), "nothing written");

        document.fail = true;
        assertThrows(IllegalArgumentException.class, () -> wire.writeDocument(document));
        e = assertThrows(IllegalStateException.class, () -> document.kept.write(KeepsItsWireOut.NOTE).int32(5));
        assertTrue(e.getMessage().contains("outside Wire.writeDocument"), "after a failed document: " + e.getMessage());
        assertEquals(end, wire.bytes().writePosition(), "nothing written after a failed document");

        document.fail = false;
        wire.writeDocument(document);
        for (int i = 0; i < 2; i++) {
            KeepsItsWireOut copy = new KeepsItsWireOut(new Order());
            assertTrue(wire.readDocument(copy));
            assertEquals(Order.sample(), copy.order);
        }
        assertFalse(wire.readDocument(new KeepsItsWireOut(new Order())));
    }

    /** Reads an {@link Order}, keeping the {@link WireIn} it is given, as a user's code must not. */
    static final class KeepsItsWireIn implements Marshallable {
        final Order order = new Order();
        WireIn kept;

        @Override
        public void writeMarshallable(WireOut out) {
            order.writeMarshallable(out);
        }

        @Override
        public void readMarshallable(WireIn in) {
            kept = in;
            order.readMarshallable(in);
        }
    }

    /**
     * Regression: a read through a WireIn kept past its document returned 0 on NUMBERED, failed
     * inside the YAML parser with an ArrayIndexOutOfBoundsException, and elsewhere reported bad
     * input that was not there.
     */
    @Test
    void aFieldReadThroughAWireInKeptPastItsDocumentIsRefused() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(Order.sample());
        wire.writeDocument(Order.sample());
        byte[] invalid = invalidOrderDocument();
        wire.bytes().write(invalid, 0, invalid.length);
        KeepsItsWireIn document = new KeepsItsWireIn();
        assertTrue(wire.readDocument(document));
        int next = wire.bytes().readPosition();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> document.kept.read(KeepsItsWireOut.NOTE).int32());
        assertTrue(e.getMessage().contains("outside Wire.readDocument"), e.getMessage());
        // The ValueIn that in.read(field) returns is the WireIn itself: a value read with no field named.
        e = assertThrows(IllegalStateException.class, () -> ((ValueIn) document.kept).int64());
        assertTrue(e.getMessage().contains("outside Wire.readDocument"), "a value with no field: " + e.getMessage());
        ValueIn keptValue = (ValueIn) document.kept;
        // The object last: a refusal that leaves a nested level makes the facade refuse every later
        // call itself, so a call after it would test the facade alone.
        for (Runnable read : List.<Runnable>of(keptValue::text, keptValue::hasNextElement, keptValue::isNull, keptValue::skip,
                () -> keptValue.marshallable(new Order()))) {
            e = assertThrows(IllegalStateException.class, read::run);
            assertTrue(e.getMessage().contains("outside Wire.readDocument"),
                    "text, hasNextElement, isNull, skip or object: " + e.getMessage());
        }
        assertEquals(next, wire.bytes().readPosition(), "nothing read");

        KeepsItsWireIn second = new KeepsItsWireIn();
        assertTrue(wire.readDocument(second));
        assertEquals(Order.sample(), second.order);
        assertThrows(WireException.class, () -> wire.readDocument(new KeepsItsWireIn()), "the invalid document after it");
        e = assertThrows(IllegalStateException.class, () -> second.kept.read(KeepsItsWireOut.NOTE).int32());
        assertTrue(e.getMessage().contains("outside Wire.readDocument"), "after a failed document: " + e.getMessage());
    }

    /** What {@link UsesAWireInside} does on its Wire from inside its own document. */
    enum Inside { READS_A_DOCUMENT, READS_VALUES, WRITES_A_DOCUMENT }

    /**
     * Writes and reads an {@link Order}, and from inside its readMarshallable (or writeMarshallable)
     * uses {@code wire} as {@code inside} says: a handler reading a nested message by mistake, when
     * that is the Wire reading it.
     */
    static final class UsesAWireInside implements Marshallable {
        final Wire wire;
        final Inside inside;
        final Order order = new Order();
        final Order read = new Order();

        UsesAWireInside(Wire wire, Inside inside) {
            this.wire = wire;
            this.inside = inside;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            Order.sample().writeMarshallable(out);
            if (inside == Inside.WRITES_A_DOCUMENT) {
                wire.writeDocument(Order.sample());
            }
        }

        @Override
        public void readMarshallable(WireIn in) {
            order.readMarshallable(in);
            if (inside == Inside.READS_A_DOCUMENT) {
                wire.readDocument(read);
            } else if (inside == Inside.READS_VALUES) {
                wire.readValue(value -> { });
            }
        }
    }

    /**
     * A readDocument made from inside a document on the same Wire would read with the reader in the
     * middle of the outer document, from its bytes, and leave it lost for the rest of it: it is
     * refused, the outer document fails as for any exception of its reading code, and the next
     * document reads; the same for writing, and for plain values. Another Wire may be used inside.
     */
    @Test
    void aDocumentBegunInsideAnotherOnTheSameWireIsRefused() {
        Wire other = newWire(Bytes.elastic(256));
        other.writeDocument(Order.sample());
        Wire outer = newWire(Bytes.elastic(256));
        outer.writeDocument(Order.sample());
        UsesAWireInside readsTheOther = new UsesAWireInside(other, Inside.READS_A_DOCUMENT);
        assertTrue(outer.readDocument(readsTheOther), "another Wire is read inside");
        assertEquals(Order.sample(), readsTheOther.read);
        if (wireType() != WireType.RAW) {
            outer.writeDocument(Order.sample());
            IllegalStateException values = assertThrows(IllegalStateException.class,
                    () -> outer.readDocument(new UsesAWireInside(outer, Inside.READS_VALUES)));
            assertTrue(values.getMessage().contains("readValue on a Wire from inside a document it is reading"), values.getMessage());
        }

        Wire wire = newWire(Bytes.elastic(256));
        wire.writeDocument(Order.sample());
        wire.writeDocument(Order.sample());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> wire.readDocument(new UsesAWireInside(wire, Inside.READS_A_DOCUMENT)));
        assertTrue(e.getMessage().contains("readDocument on a Wire from inside a document it is reading"), e.getMessage());
        Order next = new Order();
        assertTrue(wire.readDocument(next));
        assertEquals(Order.sample(), next);
        assertEquals(0, wire.bytes().readRemaining());

        int written = wire.bytes().writePosition();
        e = assertThrows(IllegalStateException.class, () -> wire.writeDocument(new UsesAWireInside(wire, Inside.WRITES_A_DOCUMENT)));
        assertTrue(e.getMessage().contains("writeDocument on a Wire from inside a document it is writing"), e.getMessage());
        assertEquals(written, wire.bytes().writePosition(), "nothing is written");
        wire.writeDocument(Order.sample());
        assertTrue(wire.readDocument(next));
        assertEquals(Order.sample(), next);
    }

    // ------------------------------------------------------------------ a field named with no value

    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");
    static final Field INNER = Field.of(3, "inner");
    static final Field ITEMS = Field.of(4, "items");
    /** A name no text wire keeps a ready key for: too long, and quoted or escaped. */
    static final Field ODD = Field.of(5, "needs \"quotes\": " + "and is long ".repeat(6));

    /**
     * Regression: {@code out.write(A).write(B).int64(7)} compiles (the {@code ValueOut} that
     * {@code write} returns is also a {@code WireOut}), and no wire refused it: JSON wrote
     * {@code {"a":,"b":7}}, BINARY a map one value short, YAML {@code a:} (read back as null),
     * NUMBERED b's 7 and nothing of a (read back as 0), RAW the 7 alone (read back as a's value).
     */
    @Test
    void aFieldNamedWithNoValueBeforeTheNextFieldIsRefusedAndNothingIsWritten() {
        assertRefusedAndNothingWritten(new WriteOnly(out -> out.write(A).write(B).int64(7)), A, "before field b (2) was named");
        assertRefusedAndNothingWritten(new WriteOnly(out -> out.write(ODD).write(B).int64(7)), ODD, "before field b (2) was named");
    }

    @Test
    void aFieldNamedLastInADocumentWithNoValueIsRefusedAndNothingIsWritten() {
        assertRefusedAndNothingWritten(new WriteOnly(out -> {
            out.write(B).int64(7);
            out.write(A);
        }), A, "before the document ended");
        assertRefusedAndNothingWritten(new WriteOnly(out -> out.write(A)), A, "before the document ended");
    }

    @Test
    void aFieldNamedLastInANestedObjectWithNoValueIsRefusedAndNothingIsWritten() {
        assertRefusedAndNothingWritten(new WriteOnly(out -> {
            out.write(INNER).marshallable(new WriteOnly(inner -> {
                inner.write(B).int64(7);
                inner.write(A);
            }));
            out.write(B).int64(1);
        }), A, "before its object ended");
        assertRefusedAndNothingWritten(new WriteOnly(out -> out.write(INNER).marshallable(new WriteOnly(inner -> inner.write(A)))),
                A, "before its object ended");
        // An object that is a sequence's element, the sequence being the last field of the document.
        assertRefusedAndNothingWritten(new WriteOnly(out -> out.write(ITEMS).sequence(out,
                (o, items) -> items.marshallable(new WriteOnly(item -> item.write(A))))), A, "before its object ended");
    }

    /**
     * Writes {@code mistake} after a good document, to a heap buffer (which the text wires write
     * into directly) and to a direct one (which they stage): it is refused, naming
     * {@code valueless}, the buffer is as it was, and the wire writes and reads on.
     */
    private void assertRefusedAndNothingWritten(Marshallable mistake, Field valueless, String when) {
        for (Bytes bytes : List.of(Bytes.elastic(64), Bytes.allocateDirect(4096).clear())) {
            Wire wire = newWire(bytes);
            wire.writeDocument(Order.sample());
            int end = bytes.writePosition();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.writeDocument(mistake));
            String message = e.getMessage();
            // The text wires name the field; the binary ones keep only its number while it waits for its value.
            String rest = " was named with out.write(...) but given no value " + when;
            assertTrue(message.startsWith("field " + valueless.name() + " (" + valueless.number() + ")" + rest)
                    || message.startsWith("field number " + valueless.number() + rest), message);
            assertEquals(end, bytes.writePosition(), "nothing of the refused document was written");

            Containers containers = Containers.sample();
            wire.writeDocument(containers);
            Order order = new Order();
            assertTrue(wire.readDocument(order));
            assertEquals(Order.sample(), order);
            Containers copy = new Containers();
            assertTrue(wire.readDocument(copy));
            assertEquals(containers, copy, () -> dump(bytes));
            assertFalse(wire.readDocument(new Order()), "the refused document left nothing to read");
        }
    }

    /**
     * A field's value may be an object or a sequence, empty or null: writing one gives the field
     * its value though it writes no scalar (NUMBERED writes nothing at all for a null or an empty
     * sequence), and the next field is named as usual.
     */
    @Test
    void aFieldGivenAnEmptyOrNullObjectOrSequenceIsNotRefused() {
        roundTrip(Containers.sample(), Containers::new);
        roundTrip(new Containers(), Containers::new);
    }

    /** Fields whose values are objects and sequences, empty, null and not, each followed by another field. */
    static final class Containers implements Marshallable {
        static final Field EMPTY = Field.of(1, "empty");
        static final Field NONE = Field.of(2, "none");
        static final Field PARTIES = Field.of(3, "parties");
        static final Field PARTY = Field.of(4, "party");
        static final Field ROWS = Field.of(5, "rows");
        static final Field LAST = Field.of(6, "last");

        final Empty empty = new Empty();
        final List<Party> parties = new ArrayList<>();
        Party party;
        final List<Empty> rows = new ArrayList<>();
        long last;

        static Containers sample() {
            Containers sample = new Containers();
            sample.parties.add(new Party("p", "a", 1));
            sample.party = new Party("q", null, 2);
            sample.rows.add(new Empty());
            sample.rows.add(new Empty());
            sample.last = 42;
            return sample;
        }

        /** An object with no fields. */
        static final class Empty implements Marshallable {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
            }

            @Override
            public boolean equals(Object other) {
                return other instanceof Empty;
            }

            @Override
            public int hashCode() {
                return 1;
            }
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(EMPTY).marshallable(empty)
               .write(NONE).sequence(this, (o, seq) -> { })
               .write(PARTIES).sequence(this, (o, seq) -> o.parties.forEach(seq::marshallable))
               .write(PARTY).marshallable(party)
               .write(ROWS).sequence(this, (o, seq) -> o.rows.forEach(seq::marshallable))
               .write(LAST).int64(last);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(EMPTY).marshallable(empty)
              .read(NONE).sequence(this, (o, seq) -> {
                  while (seq.hasNextElement()) {
                      seq.skip();
                  }
              })
              .read(PARTIES).sequence(this, (o, seq) -> {
                  o.parties.clear();
                  while (seq.hasNextElement()) {
                      seq.marshallable(o, null, Party::new, (x, p) -> x.parties.add(p));
                  }
              })
              .read(PARTY).marshallable(this, party, Party::new, (o, v) -> o.party = v)
              .read(ROWS).sequence(this, (o, seq) -> {
                  o.rows.clear();
                  while (seq.hasNextElement()) {
                      seq.marshallable(o, null, Empty::new, (x, r) -> x.rows.add(r));
                  }
              })
              .read(LAST).int64(this, (o, v) -> o.last = v);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Containers c && parties.equals(c.parties) && Objects.equals(party, c.party)
                    && rows.equals(c.rows) && last == c.last;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(last);
        }

        @Override
        public String toString() {
            return "Containers[parties=" + parties + ", party=" + party + ", rows=" + rows.size() + ", last=" + last + "]";
        }
    }

    @Test
    void readingAnUnregisteredAliasIsAWireException() {
        Wire writer = newWire(Bytes.elastic(64));
        writer.writeDocument(typical());
        Wire reader = wireType().apply(writer.bytes(), WireOptions.defaults()
                .withTypes(TypeRegistry.builder().add("Party", Party.class, Party::new).build()));
        WireException e = assertThrows(WireException.class, () -> reader.readDocument(new AllTypes()));
        assertEquals(wireType().name(), e.wire());
        assertTrue(e.getMessage().contains("Order"), e.getMessage());
    }

    // ------------------------------------------------------------------ documents and buffers

    @Test
    void readsOneReusedObjectFromManyDocuments() {
        Wire wire = newWire(Bytes.elastic(64));
        List<Order> orders = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            Party party = i % 3 == 0 ? null : new Party("party" + i % 5, i % 4 == 0 ? null : "acc" + i, i);
            orders.add(new Order(random.nextLong(), i % 7 == 0 ? null : "SYM" + i % 11, random.nextDouble() * 1000,
                    random.nextInt(), i % 5 == 0 ? null : Side.values()[i % 2], party));
        }
        orders.forEach(wire::writeDocument);
        Order reused = new Order();
        for (Order expected : orders) {
            assertTrue(wire.readDocument(reused));
            assertEquals(expected, reused);
        }
        assertFalse(wire.readDocument(reused));
    }

    @Test
    void growsAnElasticBuffer() {
        Wire wire = newWire(Bytes.elastic(1));
        AllTypes big = typical();
        for (int i = 0; i < 2000; i++) {
            big.longs.add((long) i);
        }
        for (int i = 0; i < 20; i++) {
            wire.writeDocument(big);
        }
        assertTrue(wire.bytes().capacity() > 20_000);
        for (int i = 0; i < 20; i++) {
            AllTypes copy = new AllTypes();
            assertTrue(wire.readDocument(copy));
            assertEquals(big, copy);
        }
    }

    @Test
    void roundTripsSixtyFourFields() {
        roundTrip(new Ints64().fill(1000), Ints64::new);
        roundTrip(new Ints64().fill(-1_000_000), Ints64::new);
        roundTrip(new Ints14().fill(Integer.MAX_VALUE - 14), Ints14::new);
    }

    @Test
    void worksOverADirectBuffer() {
        Wire wire = newWire(Bytes.allocateDirect(64 * 1024));
        wire.writeDocument(typical());
        AllTypes copy = new AllTypes();
        assertTrue(wire.readDocument(copy));
        assertEquals(typical(), copy);
    }

    @Test
    void worksOverAMemoryMappedFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("orders." + wireType().name().toLowerCase());
        Bytes mapped = Bytes.mapReadWrite(file, 64 * 1024);
        Wire wire = newWire(mapped);
        for (int i = 0; i < 10; i++) {
            wire.writeDocument(new Order(i, "SYM" + i, i * 1.5, i, Side.BUY, new Party("p", "a", i)));
        }
        int written = mapped.writePosition();
        byte[] content = new byte[written];
        mapped.copyTo(0, content, 0, written);
        Wire reader = newWire(Bytes.wrap(content));
        Order copy = new Order();
        for (int i = 0; i < 10; i++) {
            assertTrue(reader.readDocument(copy));
            assertEquals(i, copy.id());
        }
        assertFalse(reader.readDocument(copy));
    }

    @Test
    void aFullFixedBufferRollsBackTheDocumentAndKeepsEarlierOnes() {
        Wire wire = newWire(Bytes.wrap(new byte[512]).clear());
        int documents = 0;
        int before = 0;
        try {
            while (true) {
                before = wire.bytes().writePosition();
                wire.writeDocument(Order.sample());
                documents++;
            }
        } catch (IndexOutOfBoundsException expected) {
            assertEquals(before, wire.bytes().writePosition(), "nothing of the failed document remains");
        }
        assertTrue(documents > 0);
        Order copy = new Order();
        for (int i = 0; i < documents; i++) {
            assertTrue(wire.readDocument(copy));
            assertEquals(Order.sample(), copy);
        }
        assertFalse(wire.readDocument(copy));
    }

    // ------------------------------------------------------------------ bad input

    @Test
    void everyTruncationIsAWireExceptionOrAShorterValidDocument() {
        Wire source = newWire(Bytes.elastic(64));
        source.writeDocument(typical());
        byte[] full = source.bytes().toByteArray();
        for (int length = 1; length < full.length; length++) {
            Wire wire = newWire(Bytes.wrap(Arrays.copyOf(full, length)));
            int cut = length;
            try {
                AllTypes copy = new AllTypes();
                boolean read = wire.readDocument(copy);
                if (detectsEveryTruncation()) {
                    fail("a document cut to " + cut + " of " + full.length + " bytes was accepted: " + read);
                }
            } catch (WireException e) {
                assertEquals(wireType().name(), e.wire());
                assertTrue(e.offset() >= 0 && e.offset() <= cut, () -> "offset " + e.offset() + " within the input");
            }
        }
    }

    /** The first quarter of the long proof's corrupted documents: the same seed, so the same inputs. */
    @Test
    void randomCorruptionIsAWireExceptionNeverAnotherFailure() {
        assertRandomCorruptionIsAWireException(5_000);
    }

    @Test
    @Tag("long")
    void twentyThousandRandomCorruptionsAreEachAWireExceptionNeverAnotherFailure() {
        assertRandomCorruptionIsAWireException(20_000);
    }

    private void assertRandomCorruptionIsAWireException(int corruptions) {
        Wire source = newWire(Bytes.elastic(64));
        source.writeDocument(typical());
        byte[] full = source.bytes().toByteArray();
        Random random = new Random(1234);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < corruptions; i++) {
                byte[] corrupt = full.clone();
                for (int k = random.nextInt(4); k >= 0; k--) {
                    corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
                }
                Wire wire = newWire(Bytes.wrap(corrupt));
                try {
                    wire.readDocument(new AllTypes());
                } catch (WireException expected) {
                    assertNotNull(expected.getMessage());
                }
            }
        });
    }

    /**
     * The readers' fast paths index a heap array directly, and a direct buffer takes the checked
     * general paths: for the same bytes, corrupt or cut short, both must read the same values or
     * fail with the same WireException at the same offset; and bytes in the array past the write
     * position (which word-at-a-time paths may load) must change nothing.
     */
    @Test
    void corruptDocumentsReadAlikeFromHeapArraysAndDirectBuffers() {
        assertCorruptDocumentsReadAlike(1_000);
    }

    @Test
    @Tag("long")
    void fourThousandCorruptDocumentsOfEachTypeReadAlikeFromHeapArraysAndDirectBuffers() {
        assertCorruptDocumentsReadAlike(4_000);
    }

    private void assertCorruptDocumentsReadAlike(int corruptionsPerType) {
        List<Supplier<Marshallable>> types = List.of(AllTypes::new, Order::new, Ints14::new);
        List<Marshallable> sources = List.of(typical(), Order.sample(), new Ints14().fill(1_000_000));
        Random random = new Random(20261121);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int t = 0; t < types.size(); t++) {
                Wire source = newWire(Bytes.elastic(64));
                source.writeDocument(sources.get(t));
                byte[] full = source.bytes().toByteArray();
                for (int i = 0; i < corruptionsPerType; i++) {
                    byte[] corrupt = random.nextInt(5) == 0
                            ? Arrays.copyOf(full, random.nextInt(full.length))
                            : full.clone();
                    for (int k = random.nextInt(3); k >= 0 && corrupt.length > 0 && corrupt.length == full.length; k--) {
                        corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
                    }
                    Bytes direct = Bytes.allocateDirect(Math.max(1, corrupt.length));
                    direct.write(corrupt, 0, corrupt.length);
                    byte[] roomy = Arrays.copyOf(corrupt, corrupt.length + 16);
                    Arrays.fill(roomy, corrupt.length, roomy.length, (byte) (random.nextBoolean() ? 0x80 : '7'));
                    Bytes withGarbageAfter = Bytes.wrap(roomy);
                    withGarbageAfter.writePosition(corrupt.length);
                    Object fromHeap = readOutcome(Bytes.wrap(corrupt), types.get(t));
                    Object fromDirect = readOutcome(direct, types.get(t));
                    assertEquals(fromDirect, fromHeap, () -> "heap and direct reads differ for " + Arrays.toString(corrupt));
                    assertEquals(fromHeap, readOutcome(withGarbageAfter, types.get(t)),
                            () -> "bytes past the write position changed the read of " + Arrays.toString(corrupt));
                }
            }
        });
    }

    private Object readOutcome(Bytes bytes, Supplier<Marshallable> factory) {
        Marshallable target = factory.get();
        try {
            boolean read = newWire(bytes).readDocument(target);
            return List.of(read, target, bytes.readPosition());
        } catch (WireException e) {
            return "WireException at " + e.offset() + ": " + e.getMessage();
        }
    }

    @Test
    void readsTheNextDocumentAfterABadOne() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(Order.sample());
        wire.bytes().write(invalidOrderDocument());
        Order third = new Order(3, "THIRD", 3.5, 3, Side.SELL, null);
        wire.writeDocument(third);
        Order copy = new Order();
        assertTrue(wire.readDocument(copy));
        assertEquals(Order.sample(), copy);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertEquals(wireType().name(), e.wire());
        assertTrue(wire.readDocument(copy), "the document after the bad one is read");
        assertEquals(third, copy);
        assertFalse(wire.readDocument(copy));
    }

    @Test
    void nestingBeyondTheLimitIsAWireException() {
        Wire writer = newWire(Bytes.elastic(64));
        writer.writeDocument(Node.chain(40));
        Wire deep = wireType().apply(writer.bytes(), options().withLimits(ReadLimits.defaults().withMaxDepth(16)));
        WireException e = assertThrows(WireException.class, () -> deep.readDocument(new Node()));
        assertTrue(e.getMessage().contains("16"), e.getMessage());

        writer.bytes().clear();
        writer.writeDocument(Node.chain(16));
        Node copy = new Node();
        assertTrue(deep.readDocument(copy));
        assertEquals(16, copy.depth());
    }

    /** Writes a null {@link #INNER} object; reads, inside it, a chain of objects {@code below} deep, each with a sequence. */
    static final class NullChain implements Marshallable {
        final int below;
        int reached = -1;

        NullChain(int below) {
            this.below = below;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).int64(1)
                    .write(INNER).marshallable(null)
                    .write(ITEMS).sequence(this, (o, seq) -> { });
        }

        @Override
        public void readMarshallable(WireIn in) {
            reached = below;
            in.read(A).int64(this, (o, v) -> { });
            NullChain child = new NullChain(below - 1);
            if (below > 0) {
                in.read(INNER).marshallable(child);
                reached = child.reached;
            }
            in.read(ITEMS).sequence(this, (o, seq) -> {
                while (seq.hasNextElement()) {
                    seq.int64();
                }
            });
        }
    }

    /**
     * Objects a reading type opens inside a null one hold nothing of the input, so a chain of them
     * far deeper than maxDepth reads as defaults on every wire (RAW counted each against maxDepth).
     */
    @Test
    void objectsOpenedInsideANullObjectReadAsDefaultsWhateverTheirDepth() {
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(new NullChain(1));
        wire.writeDocument(new NullChain(1));
        NullChain deep = new NullChain(3 * ReadLimits.defaults().maxDepth());
        assertTrue(wire.readDocument(deep));
        assertEquals(0, deep.reached, "every level was read");
        Wire shallow = wireType().apply(wire.bytes(), options().withLimits(ReadLimits.defaults().withMaxDepth(1)));
        NullChain second = new NullChain(40);
        assertTrue(shallow.readDocument(second));
        assertEquals(0, second.reached);
    }

    @Test
    void textLongerThanTheLimitIsAWireException() {
        Wire writer = newWire(Bytes.elastic(64));
        AllTypes all = new AllTypes();
        all.text = "x".repeat(1000);
        writer.writeDocument(all);
        Wire limited = wireType().apply(writer.bytes(), options().withLimits(ReadLimits.defaults().withMaxTextBytes(100)));
        assertThrows(WireException.class, () -> limited.readDocument(new AllTypes()));
    }

    @Test
    void bytesRoundTripThroughBytesTo() {
        Blob blob = new Blob();
        blob.source = new byte[] {1, 2, 3, (byte) 0x80, 0};
        blob.after = 77;
        Wire wire = newWire(Bytes.elastic(64));
        wire.writeDocument(blob);
        wire.writeDocument(new Blob());
        Blob copy = new Blob();
        assertTrue(wire.readDocument(copy));
        assertArrayEquals(blob.source, copy.target.toByteArray());
        assertEquals(77, copy.after);
        copy.target.clear();
        assertTrue(wire.readDocument(copy));
        assertEquals(0, copy.target.readRemaining(), "null appends nothing");
    }

    /** Writes a byte array and reads it into a reusable {@link Bytes}, garbage-free. */
    private static final class Blob implements Marshallable {
        static final io.zwire.Field DATA = io.zwire.Field.of(1, "data");
        static final io.zwire.Field AFTER = io.zwire.Field.of(2, "after");
        byte[] source;
        final Bytes target = Bytes.elastic(8);
        int after;

        @Override
        public void writeMarshallable(io.zwire.WireOut out) {
            out.write(DATA).bytes(source)
               .write(AFTER).int32(after);
        }

        @Override
        public void readMarshallable(io.zwire.WireIn in) {
            in.read(DATA).bytesTo(target)
              .read(AFTER).int32(this, (o, v) -> o.after = v);
        }
    }
}
