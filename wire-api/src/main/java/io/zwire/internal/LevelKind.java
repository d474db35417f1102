package io.zwire.internal;

import io.zwire.Field;
import io.zwire.WireException;
import io.zwire.spi.WireReader;

/**
 * The kinds of level a reader can be at, numbered once for {@link LevelReader}, the state
 * machine the six wires read through (RAW and NUMBERED extend it, the other four through
 * {@link KeyedWireReader}), and what the read contract says a call gets at each, where that does
 * not depend on the wire:
 *
 * <pre>
 *  kind         in.read(field)       a value read, isNull()                  hasNextElement()  hasNextEntry()  a map key read
 *  OBJECT       finds it (the wire)  the field named, else refused (*)       false             false           refused
 *  ABSENT       nothing to find      the default                             false             false           refused
 *  SEQUENCE     refused              the next element; past the last, a      the wire looks    false           refused
 *                                    WireException
 *  NO_ELEMENTS  refused              a WireException, as past the last       false             false           refused
 *  ENTRIES      refused              the entry's value once its key is read  false             the wire looks  after hasNextEntry()
 *  NO_ENTRIES   refused              refused                                 false             false           refused
 *  VALUE        refused              the hook's value, once                  false             false           refused
 *  CLOSED       refused              refused                                 refused           refused         refused
 *
 *  (*) RAW reads by position, so a value read in an object takes the next value whether a field
 *      was named or not: it checks no more than that the level is an object.
 * </pre>
 *
 * <p>"Refused" is an {@link IllegalStateException} from {@link MisplacedCalls}: a mistake in the
 * reading code, not in the input. The level's kind is all these rules need, with at most one
 * fact the wire keeps (see {@link #valueOnWire}); NUMBERED keeps whether an object is read in
 * order, in runs or through its index in the level's flags, not in its kind. Each rule below is
 * written here once.
 * The kinds are ordered so that one compare ({@code kind > ABSENT}) finds the levels where a
 * field may not be named. Allocates only on the error path.
 */
public final class LevelKind {
    /** The fields of an object on the wire. */
    public static final byte OBJECT = 0;
    /** A null or missing object, whose fields all read as their defaults. */
    public static final byte ABSENT = 1;
    /** The elements of a sequence on the wire. */
    public static final byte SEQUENCE = 2;
    /** A null or missing sequence: no element to read. */
    public static final byte NO_ELEMENTS = 3;
    /** The entries of a map on the wire. */
    public static final byte ENTRIES = 4;
    /** A null or missing map: no entry to read. */
    public static final byte NO_ENTRIES = 5;
    /** The value handed to {@link io.zwire.Marshallable#unexpectedField}, read once. */
    public static final byte VALUE = 6;
    /**
     * No document being read: after a document ends or fails, so that a read through a
     * {@link io.zwire.WireIn} kept past its document reaches the slow paths, which refuse it.
     */
    public static final byte CLOSED = 7;

    /** The error for a value read past a sequence's last element, or from a null or missing one. */
    public static final String SEQUENCE_ENDED = "another sequence element, but the sequence has ended";

    private LevelKind() {
    }

    /**
     * Whether a level of {@code kind} is an object, sequence or map of the input, which
     * {@link io.zwire.ReadLimits#maxDepth} bounds (a null or missing one, and the hook's value,
     * are not nesting of the input).
     *
     * @param kind a level kind
     * @return whether it counts against the depth limit
     */
    public static boolean container(byte kind) {
        return kind == OBJECT || kind == SEQUENCE || kind == ENTRIES;
    }

    /**
     * The slow path of a value read (or {@code isNull()}) at a level where no field was found or
     * missed: whether the value is on the wire, or the refusal the table above gives.
     *
     * @param kind  the level's kind
     * @param ready in a {@link #SEQUENCE}, that an element is left (a wire that finds out as it
     *              steps to the element passes true, and refuses it there with
     *              {@link #SEQUENCE_ENDED}); in a {@link #VALUE} level, that its value is unread; in
     *              {@link #ENTRIES}, that the entry's key was read; ignored elsewhere
     * @param wire  the reader, which words the error past a sequence's end
     * @return true for a value on the wire (a sequence's next element, which the wire then steps
     *         to; the hook's value; a map entry's value), false for a default (inside a null or
     *         missing object)
     * @throws IllegalStateException for a read the reading code should not make
     * @throws WireException         past a sequence's last element, or in a null or missing one
     */
    public static boolean valueOnWire(byte kind, boolean ready, WireReader wire) {
        switch (kind) {
            case SEQUENCE:
                if (!ready) {
                    throw wire.error(SEQUENCE_ENDED);
                }
                return true;
            case ABSENT:
                return false;
            case VALUE:
                if (!ready) {
                    throw MisplacedCalls.unexpectedValueReadTwice();
                }
                return true;
            case ENTRIES:
                if (!ready) {
                    throw MisplacedCalls.valueWithoutKey(false);
                }
                return true;
            case NO_ELEMENTS:
                throw wire.error(SEQUENCE_ENDED);
            case NO_ENTRIES:
                throw MisplacedCalls.valueWithoutKey(false);
            case OBJECT:
                throw MisplacedCalls.valueWithoutField();
            case CLOSED:
                throw MisplacedCalls.readOutsideDocument("a value read");
            default:
                throw new IllegalStateException("unreachable: level kind " + kind);
        }
    }

    /**
     * The refusal of {@code in.read(field)} at a level of {@code kind}, where no object's fields
     * are read (any kind above {@link #ABSENT}).
     *
     * @param kind  the level's kind
     * @param field the field named
     * @return the exception to throw
     */
    public static IllegalStateException fieldRefused(byte kind, Field field) {
        switch (kind) {
            case CLOSED:
                return MisplacedCalls.readOutsideDocument("in.read(" + field + ")");
            case ENTRIES, NO_ENTRIES:
                return MisplacedCalls.fieldReadInMap(field);
            case VALUE:
                return MisplacedCalls.fieldRead(field, false);
            default:
                return MisplacedCalls.fieldRead(field, true);
        }
    }

    /**
     * For {@code hasNextElement()}: whether the level is a sequence on the wire, whose next
     * element the wire then looks for. Any other level has no elements, but outside a document
     * the call is refused. The sequence is tested first: this runs once per element.
     *
     * @param kind the level's kind
     * @return whether the level is {@link #SEQUENCE}
     * @throws IllegalStateException at {@link #CLOSED}
     */
    public static boolean elementsAt(byte kind) {
        if (kind == SEQUENCE) {
            return true;
        }
        if (kind == CLOSED) {
            throw MisplacedCalls.readOutsideDocument("hasNextElement()");
        }
        return false;
    }

    /**
     * For {@code hasNextEntry()}: whether the level is a map on the wire, whose next entry the
     * wire then looks for. Any other level has no entries (a null or missing map, or no map at
     * all), but outside a document the call is refused.
     *
     * @param kind the level's kind
     * @return whether the level is {@link #ENTRIES}
     * @throws IllegalStateException at {@link #CLOSED}
     */
    public static boolean entriesAt(byte kind) {
        if (kind == CLOSED) {
            throw MisplacedCalls.readOutsideDocument("hasNextEntry()");
        }
        return kind == ENTRIES;
    }

    /**
     * The refusal of a map key read at a level where no entry's key is due.
     *
     * @param kind the level's kind
     * @return the exception to throw
     */
    public static IllegalStateException keyRefused(byte kind) {
        switch (kind) {
            case CLOSED:
                return MisplacedCalls.readOutsideDocument("a map key read");
            case ENTRIES, NO_ENTRIES:
                return MisplacedCalls.keyWithoutEntry();
            default:
                return MisplacedCalls.keyOutsideMap(false);
        }
    }
}
