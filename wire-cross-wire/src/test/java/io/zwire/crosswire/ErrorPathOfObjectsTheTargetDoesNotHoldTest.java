package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A path names fields from what the document's target writes once the read failed; an object read
 * into a new instance is not in the target yet (its setter runs after it is read), and a record's
 * components are not either (the record is made after them). Their fields are still named: from
 * what the new instance writes, and from the record type's fields, also where it recurses, and
 * from a foreign object's or record's marshaller where a {@code Marshallable} holds it.
 */
class ErrorPathOfObjectsTheTargetDoesNotHoldTest {
    static final Field VALUE = Field.of(1, "value");
    static final Field NEXT = Field.of(2, "next");

    /** A chain whose last value is written as text, which the readers below refuse as a float64. */
    public static final class Written implements Marshallable {
        final Written next;

        Written(int more) {
            this.next = more > 0 ? new Written(more - 1) : null;
        }

        @Override public void writeMarshallable(WireOut out) {
            if (next == null) {
                out.write(VALUE).text("one point five");
            } else {
                out.write(VALUE).float64(1.5);
            }
            out.write(NEXT).marshallable(next);
        }

        @Override public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    /** Reads its next link into a new instance when it holds none: the usual optional child. */
    public static final class Link implements Marshallable {
        double value;
        Link next;

        @Override public void writeMarshallable(WireOut out) {
            out.write(VALUE).float64(value).write(NEXT).marshallable(next);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(VALUE).float64(this, (l, v) -> l.value = v)
                    .read(NEXT).marshallable(this, next, Link::new, (l, v) -> l.next = v);
        }
    }

    record Chain(double value, Chain next) { }

    private static Wire written(WireType type, int links) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new Written(links));
        return wire;
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void anObjectReadIntoANewInstanceIsNamedFromWhatItWrites(WireType type) {
        Wire wire = written(type, 2);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Link()));
        assertEquals("Link.next.next.value", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aRecursiveRecordsComponentsAreNamedAtEveryDepth(WireType type) {
        Wire wire = written(type, 3);

        WireException e = assertThrows(WireException.class,
                () -> wire.readDocument(null, Marshaller.ofRecord(Chain.class)));
        assertEquals("Chain.next.next.next.value", e.path(), e.getMessage());
    }

    /** Asserts its invariant when written, as an {@code assert} would under -ea: a half-read one fails. */
    public static final class Strict implements Marshallable {
        Double value;

        @Override public void writeMarshallable(WireOut out) {
            if (value == null) {
                throw new AssertionError("value unset");
            }
            out.write(VALUE).float64(value);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(VALUE).float64(this, (s, v) -> s.value = v);
        }
    }

    /** Holds a {@link Strict} made by its factory. */
    public static final class StrictHolder implements Marshallable {
        Strict strict;

        @Override public void writeMarshallable(WireOut out) {
            out.write(NEXT).marshallable(strict);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(NEXT).marshallable(this, strict, Strict::new, (h, v) -> h.strict = v);
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void anErrorFromAWriteMethodRunToNameThePathLeavesTheFailureAndNamesByNumber(WireType type) {
        Wire wire = written(type, 1);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new StrictHolder()));
        assertEquals("StrictHolder.next.#1", e.path(), e.getMessage());
    }

    static final class Conditional {
        long a;
        long b;
    }

    /** Reads b only when a is not 0: the read side recorded with defaults never reaches b. */
    static final Marshaller<Conditional> CONDITIONAL = Marshaller.of(Conditional.class, Conditional::new,
            (c, out) -> out.write(VALUE).int64(c.a).write(NEXT).int64(c.b),
            (c, in) -> {
                c.a = in.read(VALUE).int64();
                if (c.a != 0) {
                    c.b = in.read(NEXT).int64();
                }
            });

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aMarshallersFieldItsRecordedReadNeverReachedIsNamedFromItsWriteSide(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(writtenOnly(out -> out.write(VALUE).int64(1).write(NEXT).text("two")));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(null, CONDITIONAL));
        assertEquals("Conditional.next", e.path(), e.getMessage());
    }

    /** Holds a {@link Chain} record and a {@link Conditional}, each set once it is read: null before. */
    public static final class Holder implements Marshallable {
        static final Marshaller<Chain> CHAIN = Marshaller.ofRecord(Chain.class);
        Chain chain;
        Conditional conditional;

        @Override public void writeMarshallable(WireOut out) {
            out.write(VALUE).object(chain, CHAIN).write(NEXT).object(conditional, CONDITIONAL);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(VALUE).object(this, null, CHAIN, (h, c) -> h.chain = c)
                    .read(NEXT).object(this, null, CONDITIONAL, (h, c) -> h.conditional = c);
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aRecordTheTargetDoesNotHoldYetIsNamedFromItsType(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(writtenOnly(out -> out.write(VALUE).marshallable(new Written(2))));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Holder()));
        assertEquals("Holder.value.next.next.value", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aForeignObjectTheTargetDoesNotHoldYetIsNamedFromItsMarshaller(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(writtenOnly(out -> out.write(NEXT).marshallable(
                writtenOnly(nested -> nested.write(VALUE).int64(1).write(NEXT).text("two")))));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Holder()));
        assertEquals("Holder.next.next", e.path(), e.getMessage());
    }

    /** {@return an object that writes what {@code writer} writes, and reads nothing} */
    private static Marshallable writtenOnly(Consumer<WireOut> writer) {
        return new Marshallable() {
            @Override public void writeMarshallable(WireOut out) {
                writer.accept(out);
            }

            @Override public void readMarshallable(WireIn in) {
                throw new UnsupportedOperationException("written only");
            }
        };
    }

    // Second review: detaching every object read through a marshaller lost the names a held one
    // had from what the target writes: a marshaller that writes a field only on some values, and a
    // record whose constructor refuses the default components, which cannot be recorded.

    /** Writes and reads {@code next} only from version 2: recorded on a default instance, it has no next. */
    static final class Versioned {
        long version;
        long extra;
    }

    static final Marshaller<Versioned> VERSIONED = Marshaller.of(Versioned.class, Versioned::new,
            (v, out) -> {
                out.write(VALUE).int64(v.version);
                if (v.version >= 2) {
                    out.write(NEXT).int64(v.extra);
                }
            },
            (v, in) -> {
                v.version = in.read(VALUE).int64();
                if (v.version >= 2) {
                    v.extra = in.read(NEXT).int64();
                }
            });

    /** Holds a version-2 {@link Versioned}, read into itself. */
    public static final class VersionedHolder implements Marshallable {
        final Versioned held = new Versioned();

        VersionedHolder() {
            held.version = 2;
        }

        @Override public void writeMarshallable(WireOut out) {
            out.write(NEXT).object(held, VERSIONED);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(NEXT).object(this, held, VERSIONED, (h, v) -> { });
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aForeignObjectTheTargetHoldsIsNamedFromWhatTheTargetWrites(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(writtenOnly(out -> out.write(NEXT).marshallable(
                writtenOnly(nested -> nested.write(VALUE).int64(2).write(NEXT).text("two")))));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new VersionedHolder()));
        assertEquals("VersionedHolder.next.next", e.path(), e.getMessage());
    }

    /** A record whose constructor refuses a quantity that is not positive, as the default 0 is. */
    record Checked(long id, long qty) {
        Checked {
            if (qty <= 0) {
                throw new IllegalArgumentException("qty " + qty);
            }
        }
    }

    /** Holds a {@link Checked}, handed to its read as the object to reuse. */
    public static final class CheckedHolder implements Marshallable {
        static final Marshaller<Checked> CHECKED = Marshaller.ofRecord(Checked.class);
        Checked held = new Checked(1, 5);

        @Override public void writeMarshallable(WireOut out) {
            out.write(NEXT).object(held, CHECKED);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(NEXT).object(this, held, CHECKED, (h, v) -> h.held = v);
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aRecordTheTargetHoldsIsNamedFromWhatTheTargetWritesThoughItCannotBeRecorded(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(writtenOnly(out -> out.write(NEXT).marshallable(
                writtenOnly(nested -> nested.write(Field.of(1, "id")).int64(2).write(Field.of(2, "qty")).text("five")))));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new CheckedHolder()));
        assertEquals("CheckedHolder.next.qty", e.path(), e.getMessage());
    }
}
