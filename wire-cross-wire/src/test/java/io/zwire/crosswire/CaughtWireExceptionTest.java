package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A type that catches an exception from a read in its own readMarshallable and goes on (a tolerant
 * reader: a bad position is no reason to drop the reading). Caught outside a nested object, the
 * wire's reader is still inside that object, so the fields read next would be found in it (on the
 * numbered wires the outer field 2 would read the nested field 2): an exception that leaves a
 * nested object, sequence or map abandons the document, so every read after it is refused, never
 * given another field's value, and the document fails (with that exception, if the reading code
 * reads nothing more). Caught at the value's own read, the refused value is passed over and the
 * later reads are given their own values.
 */
class CaughtWireExceptionTest {
    static final Field POSITION = Field.of(1, "position");
    static final Field SPEED = Field.of(2, "speed");
    static final Field NOTE = Field.of(3, "note");
    static final Field LAT = Field.of(1, "lat");
    static final Field FIX = Field.of(2, "fix");
    static final long SPEED_SENT = 77;
    static final long FIX_SENT = 999;

    public static final class Position implements Marshallable {
        double lat;
        long fix;

        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).float64(lat).write(FIX).int64(fix);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(LAT).float64(this, (p, v) -> p.lat = v).read(FIX).int64(this, (p, v) -> p.fix = v);
        }
    }

    /** Keeps reading after a refused position, and records every value handed to its speed's setter. */
    public static final class TolerantReading implements Marshallable {
        final Position position = new Position();
        boolean positionRefused;
        boolean readsOn = true;
        long speed;
        String note;
        final List<Long> speedsGiven = new ArrayList<>();

        @Override public void writeMarshallable(WireOut out) {
            out.write(POSITION).marshallable(position).write(SPEED).int64(speed).write(NOTE).text(note);
        }

        @Override public void readMarshallable(WireIn in) {
            positionRefused = false;
            try {
                in.read(POSITION).marshallable(position);
            } catch (WireException refused) {
                positionRefused = true;
            }
            if (readsOn) {
                in.read(SPEED).int64(this, (r, v) -> {
                    r.speed = v;
                    r.speedsGiven.add(v);
                }).read(NOTE).text(this, (r, v) -> r.note = v);
            }
        }
    }

    /** A sender whose latitude is text, which the reading type refuses as a float64. */
    public static final class TextLatitudeSender implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(POSITION).marshallable(new Marshallable() {
                @Override public void writeMarshallable(WireOut position) {
                    position.write(LAT).text("north").write(FIX).int64(FIX_SENT);
                }

                @Override public void readMarshallable(WireIn in) {
                    throw new UnsupportedOperationException("written only");
                }
            }).write(SPEED).int64(SPEED_SENT).write(NOTE).text("hi");
        }

        @Override public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    /** A bad document, then a good one. */
    private static Wire badThenGood(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new TextLatitudeSender());
        TolerantReading good = new TolerantReading();
        good.speed = 5;
        good.note = "next";
        wire.writeDocument(good);
        return wire;
    }

    // RAW has no type on the wire: its text "north" is read as a float64's bytes, no exception.
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aReadAfterAWireExceptionCaughtFromANestedObjectIsRefusedAndNeverGivenAnotherFieldsValue(WireType type) {
        Wire wire = badThenGood(type);
        TolerantReading reading = new TolerantReading();
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> wire.readDocument(reading));
        assertTrue(reading.positionRefused);
        assertEquals(List.of(), reading.speedsGiven, "the speed's setter was called");
        WireException cause = assertInstanceOf(WireException.class, refused.getCause());
        assertEquals("TolerantReading.position.lat", cause.path(), "the path where the exception left, not where the read was refused");

        TolerantReading next = new TolerantReading();
        assertTrue(wire.readDocument(next), "the next document is read");
        assertEquals(List.of(5L), next.speedsGiven);
        assertEquals("next", next.note);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aDocumentWhoseReadingCodeCaughtAWireExceptionFromANestedObjectFailsWithItWhenItEnds(WireType type) {
        Wire wire = badThenGood(type);
        TolerantReading reading = new TolerantReading();
        reading.readsOn = false;
        WireException failed = assertThrows(WireException.class, () -> wire.readDocument(reading));
        assertTrue(reading.positionRefused);
        assertEquals("TolerantReading.position.lat", failed.path());
        assertTrue(failed.getMessage().contains("in TolerantReading.position.lat: expected "), failed.getMessage());

        TolerantReading next = new TolerantReading();
        assertTrue(wire.readDocument(next));
        assertEquals(List.of(5L), next.speedsGiven);
    }

    /** Refuses a fix it does not like: its own exception, not the input's, leaves the nested object. */
    public static final class PickyPosition implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).float64(1.5).write(FIX).int64(FIX_SENT);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(LAT).float64(this, (p, v) -> {
                throw new IllegalArgumentException("no fix at " + v);
            }).read(FIX).int64(this, (p, v) -> { });
        }
    }

    /** Writes a good position; reads it through {@link PickyPosition}, catching what it throws. */
    public static final class CatchesItsOwnRefusal implements Marshallable {
        final List<Long> speedsGiven = new ArrayList<>();
        IllegalArgumentException caught;

        @Override public void writeMarshallable(WireOut out) {
            out.write(POSITION).marshallable(new PickyPosition()).write(SPEED).int64(SPEED_SENT);
        }

        @Override public void readMarshallable(WireIn in) {
            try {
                in.read(POSITION).marshallable(new PickyPosition());
            } catch (IllegalArgumentException e) {
                caught = e;
            }
            in.read(SPEED).int64(this, (r, v) -> r.speedsGiven.add(v));
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void anyExceptionThatLeavesANestedObjectAbandonsTheDocumentOnEveryWire(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new CatchesItsOwnRefusal());
        CatchesItsOwnRefusal reading = new CatchesItsOwnRefusal();
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> wire.readDocument(reading));
        assertSame(reading.caught, refused.getCause());
        assertEquals(List.of(), reading.speedsGiven);
        assertFalse(wire.readDocument(new CatchesItsOwnRefusal()), "the failed document was moved past");
    }

    /** Catches what a sequence's element read throws, outside the sequence, and reads on. */
    public static final class CatchesAroundASequence implements Marshallable {
        final List<Long> speedsGiven = new ArrayList<>();

        @Override public void writeMarshallable(WireOut out) {
            out.write(POSITION).sequence(this, (o, seq) -> {
                seq.text("north");
                seq.text("south");
            }).write(SPEED).int64(SPEED_SENT);
        }

        @Override public void readMarshallable(WireIn in) {
            try {
                in.read(POSITION).sequence(this, (o, seq) -> {
                    while (seq.hasNextElement()) {
                        seq.float64();
                    }
                });
            } catch (WireException refused) {
                // reads on
            }
            in.read(SPEED).int64(this, (r, v) -> r.speedsGiven.add(v));
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aWireExceptionCaughtOutsideASequenceAbandonsTheDocument(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new CatchesAroundASequence());
        CatchesAroundASequence reading = new CatchesAroundASequence();
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> wire.readDocument(reading));
        assertEquals("CatchesAroundASequence.position[0]", assertInstanceOf(WireException.class, refused.getCause()).path());
        assertEquals(List.of(), reading.speedsGiven);
    }

    /** Catches a value read it cannot take, in the object itself, and reads on. */
    public static final class CatchesAValueRead implements Marshallable {
        final List<Object> given = new ArrayList<>();

        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).text("north").write(FIX).int64(FIX_SENT).write(NOTE).text("hi");
        }

        @Override public void readMarshallable(WireIn in) {
            try {
                in.read(LAT).float64(this, (r, v) -> r.given.add(v));
            } catch (WireException refused) {
                given.add("refused");
            }
            in.read(FIX).int64(this, (r, v) -> r.given.add(v)).read(NOTE).text(this, (r, v) -> r.given.add(v));
        }
    }

    /**
     * A value read that fails, caught in the object itself: the refused value is passed over, and
     * each later field is given its own value.
     */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aValueReadCaughtInTheObjectItselfLeavesTheOtherFieldsTheirOwnValues(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new CatchesAValueRead());
        CatchesAValueRead reading = new CatchesAValueRead();
        assertTrue(wire.readDocument(reading));
        assertEquals(List.of("refused", FIX_SENT, "hi"), reading.given);
    }

    /** A value of one kind written, and read as another that refuses it (on a strict wire). */
    enum Misread {
        NUMBER_AS_BOOL, BOOL_AS_INT64, NUMBER_AS_TEXT, SEQUENCE_AS_CHAR16, MAP_AS_FLOAT64;

        void write(ValueOut out) {
            switch (this) {
                case NUMBER_AS_BOOL, NUMBER_AS_TEXT -> out.int64(FIX_SENT);
                case BOOL_AS_INT64 -> out.bool(true);
                case SEQUENCE_AS_CHAR16 -> out.sequence(out, (o, seq) -> {
                    seq.int32(1);
                    seq.int32(2);
                });
                case MAP_AS_FLOAT64 -> out.map(out, (o, m) -> m.key("k").int32(1));
            }
        }

        Object read(ValueIn in) {
            return switch (this) {
                case NUMBER_AS_BOOL -> in.bool();
                case BOOL_AS_INT64 -> in.int64();
                case NUMBER_AS_TEXT -> in.text();
                case SEQUENCE_AS_CHAR16 -> in.char16();
                case MAP_AS_FLOAT64 -> in.float64();
            };
        }
    }

    /** Reads its first field as the other kind of {@link Misread}, catching a refusal, and reads on. */
    public static final class CatchesAMisread implements Marshallable {
        final Misread misread;
        final List<Object> given = new ArrayList<>();

        CatchesAMisread(Misread misread) {
            this.misread = misread;
        }

        @Override public void writeMarshallable(WireOut out) {
            misread.write(out.write(FIX));
            out.write(NOTE).text("hi");
        }

        @Override public void readMarshallable(WireIn in) {
            try {
                given.add(misread.read(in.read(FIX)));
            } catch (WireException refused) {
                given.add("refused");
            }
            in.read(NOTE).text(this, (r, v) -> r.given.add(v));
        }
    }

    /**
     * A value read as a kind that refuses it, caught in the object itself, is passed over whole, and
     * the next field reads its own value; a wire that takes the value (YAML reads a number as text)
     * gives it. NUMBERED is left out: its wire types let a varint be a bool, as in protobuf.
     */
    @ParameterizedTest
    @MethodSource("strictWiresAndMisreads")
    void aValueOfAnotherKindRefusedAndCaughtIsPassedOver(WireType type, Misread misread) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new CatchesAMisread(misread));
        CatchesAMisread reading = new CatchesAMisread(misread);
        assertTrue(wire.readDocument(reading));
        assertEquals(2, reading.given.size(), reading.given.toString());
        assertEquals("hi", reading.given.get(1));
    }

    static Stream<Arguments> strictWiresAndMisreads() {
        return Stream.of(WireType.values()).filter(type -> type != WireType.RAW && type != WireType.NUMBERED)
                .flatMap(type -> Stream.of(Misread.values()).map(misread -> Arguments.of(type, misread)));
    }

    /** The shapes of element a float64 read refuses. */
    enum RefusedShape {
        TEXT, SEQUENCE, MAP, BOOL, ENUM_CONSTANT,
        /** Each of the others, one after another: YAML's parser failed on this one's end (ArrayIndexOutOfBoundsException). */
        EVERY_SHAPE_IN_A_ROW;

        /** {@return the elements of this shape, each refused by a float64 read} */
        int elements() {
            return this == EVERY_SHAPE_IN_A_ROW ? values().length - 1 : 1;
        }

        void write(ValueOut seq) {
            switch (this) {
                case EVERY_SHAPE_IN_A_ROW -> {
                    for (RefusedShape each : values()) {
                        if (each != this) {
                            each.write(seq);
                        }
                    }
                }
                case TEXT -> seq.text("a long text that is no number");
                case SEQUENCE -> seq.sequence(this, (p, inner) -> {
                    inner.int64(1);
                    inner.int64(2);
                    inner.float64(3.5);
                });
                case MAP -> seq.map(this, (p, entries) -> {
                    entries.key("k").float64(4.5);
                    entries.key("j").text("x");
                });
                case BOOL -> seq.bool(true);
                case ENUM_CONSTANT -> seq.asEnum(RefusedShape.TEXT);
            }
        }
    }

    /** Writes one element of a shape a float64 read refuses, then 2.5; catches the refusal and reads on. */
    public static final class CatchesARefusedElement implements Marshallable {
        final List<Object> given = new ArrayList<>();
        RefusedShape shape;

        CatchesARefusedElement(RefusedShape shape) {
            this.shape = shape;
        }

        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).sequence(this, (o, seq) -> {
                o.shape.write(seq);
                seq.float64(2.5);
            });
        }

        /** Bounds the reads, so a reader that does not move past a refused element fails the test, not hangs it. */
        static final int MOST_READS = 64;

        @Override public void readMarshallable(WireIn in) {
            in.read(LAT).sequence(this, (o, seq) -> {
                for (int reads = 0; seq.hasNextElement(); reads++) {
                    if (reads == MOST_READS) {
                        o.given.add("still more elements after " + MOST_READS + " reads");
                        return;
                    }
                    try {
                        o.given.add(seq.float64());
                    } catch (WireException refused) {
                        o.given.add("refused");
                    }
                }
            });
        }
    }

    static Stream<Arguments> wiresAndRefusedShapes() {
        return Stream.of(WireType.values()).filter(type -> type != WireType.RAW && type != WireType.NUMBERED)
                .flatMap(type -> Stream.of(RefusedShape.values()).map(shape -> Arguments.of(type, shape)));
    }

    /**
     * An element read that fails, caught inside the sequence: each refused element, a text, a
     * sequence, a map, a bool or an enum constant, is passed over whole and the element after it
     * reads as written, never a value read out of the refused element's content (a text element
     * refused after its head would have its bytes read as further elements).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("wiresAndRefusedShapes")
    void aRefusedElementOfEveryShapeIsPassedOverWhole(WireType type, RefusedShape shape) {
        Wire wire = type.apply(Bytes.elastic(512));
        wire.writeDocument(new CatchesARefusedElement(shape));
        CatchesARefusedElement reading = new CatchesARefusedElement(shape);
        assertTrue(wire.readDocument(reading), "the refused element is passed over");
        List<Object> written = new ArrayList<>(Collections.nCopies(shape.elements(), "refused"));
        written.add(2.5);
        assertEquals(written, reading.given);
    }

    /**
     * NUMBERED's elements of primitive kinds share one packed run, which carries no kinds: an
     * element read as another kind gives a value of its bytes, as protobuf reads a field of another
     * schema (package-info of io.zwire.binary.proto). What holds is that a tolerant loop ends: a
     * value that would run past its run is refused and the rest of the run passed over, where the
     * reader stayed past the run and refused every later read (a loop over hasNextElement never
     * ended).
     */
    @ParameterizedTest
    @EnumSource(RefusedShape.class)
    void onNumberedAReadThatRunsPastItsPackedRunPassesOverTheRestOfTheRun(RefusedShape shape) {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(512));
        wire.writeDocument(new CatchesARefusedElement(shape));
        CatchesARefusedElement reading = new CatchesARefusedElement(shape);
        try {
            wire.readDocument(reading);
        } catch (WireException refused) {
            // What is asserted is that the reads end.
        }
        assertFalse(reading.given.stream().anyMatch(given -> given.toString().startsWith("still more")), reading.given::toString);
    }

    /**
     * On BINARY, a refused element that is not well formed (a head with the reserved additional
     * info 28) cannot be passed over: the reader moves to the document's end, so the next read is
     * refused there, and a loop over an indefinite-length array ends, where the reader staying at
     * the element would have refused it forever.
     */
    @Test
    void onBinaryARefusedElementThatIsNotWellFormedEndsTheSequence() {
        String lat = "63" + "6c6174";
        String indefiniteArray = "9f" + "fc" + "fb" + "4004000000000000" + "ff";
        Wire wire = WireType.BINARY.apply(Bytes.wrap(HexFormat.of().parseHex("a1" + lat + indefiniteArray)));
        CatchesARefusedElement reading = new CatchesARefusedElement(RefusedShape.TEXT);
        assertThrows(WireException.class, () -> wire.readDocument(reading));
        assertEquals(List.of("refused"), reading.given);
    }

    /** Writes field 1 twice, as protoc's unpacked repeated fields do: a varint (zig-zag 9) and a fixed64 2.5. */
    public static final class WritesTwoOccurrencesOfOtherWireTypes implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).int64(-5).write(LAT).float64(2.5);
        }

        @Override public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    /**
     * On NUMBERED, an occurrence of another wire type than the kind read (a varint read as a
     * float64) is passed over before it is refused: the reader stayed at its value, whose byte 9
     * then read as the tag of a fixed64 element, a value made of the next occurrence's bytes.
     */
    @Test
    void onNumberedAnOccurrenceOfAnotherWireTypeIsPassedOverWhole() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        wire.writeDocument(new WritesTwoOccurrencesOfOtherWireTypes());
        CatchesARefusedElement reading = new CatchesARefusedElement(RefusedShape.TEXT);
        wire.readDocument(reading);
        assertEquals(List.of("refused", 2.5), reading.given);
    }

    /** Writes a packed run of two float64s, then field 2; reads the first element as a float64 and the rest as text. */
    public static final class ReadsAPackedRunAsText implements Marshallable {
        final List<Object> given = new ArrayList<>();
        long fix;

        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).sequence(this, (o, seq) -> {
                seq.float64(1.0);
                seq.float64(-0.5);
            }).write(FIX).int64(300);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(LAT).sequence(this, (o, seq) -> {
                if (seq.hasNextElement()) {
                    o.given.add(seq.float64());
                }
                for (int reads = 0; seq.hasNextElement() && reads < CatchesARefusedElement.MOST_READS; reads++) {
                    try {
                        o.given.add(seq.text());
                    } catch (WireException refused) {
                        o.given.add("refused");
                    }
                }
            }).read(FIX).int64(this, (o, v) -> o.fix = v);
        }
    }

    /**
     * Regression (a review): on NUMBERED, a text read of an element inside a packed run skipped
     * one varint, unchecked against the run's end, and stepped through the run a byte at a time
     * into the next field's tag. It now passes over the rest of the run, and the field after it
     * reads as written.
     */
    @Test
    void onNumberedATextReadInsideAPackedRunPassesOverTheRestOfTheRun() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        wire.writeDocument(new ReadsAPackedRunAsText());
        ReadsAPackedRunAsText reading = new ReadsAPackedRunAsText();
        wire.readDocument(reading);
        assertEquals(List.of(1.0, "refused"), reading.given);
        assertEquals(300, reading.fix);
    }

    /**
     * Regression (a review): on YAML, a scalar refused after it came through an alias ({@code *a}
     * read as a float64) left the reader inside the alias, so the next element's read threw the
     * parser's IllegalStateException ("the aliased node has been read to its end"). The reader now
     * returns from the alias before it decodes the scalar.
     */
    @Test
    void onYamlAScalarRefusedThroughAnAliasLeavesTheElementsAfterItTheirOwnValues() {
        Wire wire = WireType.YAML.apply(Bytes.wrap("lat: [&a x, *a, 2.5]\n".getBytes(StandardCharsets.UTF_8)));
        CatchesARefusedElement reading = new CatchesARefusedElement(RefusedShape.TEXT);
        wire.readDocument(reading);
        assertEquals(List.of("refused", "refused", 2.5), reading.given);
    }
}
