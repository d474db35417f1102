package io.zwire.spi;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireKey;

import java.util.function.Consumer;

/**
 * The decoding half of a wire. {@link io.zwire.WireIn} and {@link io.zwire.ValueIn} are the
 * facade users call: {@code in.read(F)} becomes {@link #field(Field)}, and the value call that
 * follows becomes one value method here (see {@link WireWriter} for why the facade keeps no state
 * per field).
 *
 * <p>A value method reads: after {@link #field(Field)}, that field's value, or the type's default
 * (0, 0.0, false, null, an empty sequence) when the object does not carry it or is itself null or
 * missing; inside a sequence, the sequence's next element; inside
 * {@link Marshallable#unexpectedField}, the unexpected value. Bad input throws
 * {@link WireException} through {@link #error(String)}. Implementations allocate nothing in steady
 * state, except where a method says so.
 */
public abstract class WireReader {
    /** The buffer read from. */
    protected final Bytes bytes;

    /**
     * A reader of {@code bytes}.
     *
     * @param bytes the buffer to read from, from its read position
     */
    protected WireReader(Bytes bytes) {
        this.bytes = bytes;
    }

    /**
     * Positions at the next document.
     *
     * @return false when no document is left (nothing but padding, whitespace or comments remains)
     * @throws WireException if what follows is not the start of a document
     */
    public abstract boolean startDocument();

    /**
     * Finishes the document: offers unread fields to {@code target.unexpectedField}, checks what
     * must be checked, and leaves the read position after the document.
     *
     * @param target     the object read, whose {@code unexpectedField} hook gets the unread fields
     * @param unexpected the {@link ValueIn} to hand to the hook; its reads arrive here while the
     *                   hook runs and must read the unexpected value
     */
    public abstract void endDocument(Marshallable target, ValueIn unexpected);

    /**
     * Called after any exception during a document, whether the input's or the user's: resets all
     * state and moves the read position past the failed document (to the next document boundary
     * the wire can find, or to the end of the buffer), so the next document can be read.
     *
     * @param documentStart the read position when the failed document began
     */
    public abstract void recover(int documentStart);

    /**
     * Finds {@code field} in the current object, so the next value read is its value, or its
     * default if the object does not carry it. In write order this is the fast path; otherwise the
     * wire may scan the rest of the object once.
     *
     * @param field the field to read next
     * @throws IllegalStateException if called inside a sequence
     */
    public abstract void field(Field field);

    /**
     * Reads a signed 8-bit value (range-checked where the wire carries wider integers).
     *
     * @return the value
     */
    public abstract byte int8();

    /**
     * Reads a signed 16-bit value.
     *
     * @return the value
     */
    public abstract short int16();

    /**
     * Reads an unsigned 16-bit value, 0..65535.
     *
     * @return the value
     */
    public abstract int uint16();

    /**
     * Reads a signed 32-bit value.
     *
     * @return the value
     */
    public abstract int int32();

    /**
     * Reads a signed 64-bit value.
     *
     * @return the value
     */
    public abstract long int64();

    /**
     * Reads a float.
     *
     * @return the value
     */
    public abstract float float32();

    /**
     * Reads a double.
     *
     * @return the value
     */
    public abstract double float64();

    /**
     * Reads a boolean.
     *
     * @return the value
     */
    public abstract boolean bool();

    /**
     * Reads a UTF-16 code unit.
     *
     * @return the value
     */
    public abstract char char16();

    /**
     * Reads text as an interned {@code String} from the wire's bounded cache, or null. Allocates
     * only the first time a value is seen, or for values too long to cache.
     *
     * @return the text, or null
     */
    public abstract String text();

    /**
     * Replaces the content of {@code target} with the text (left empty for null). Allocates nothing.
     *
     * @param target emptied, then given the text
     */
    public abstract void textTo(StringBuilder target);

    /**
     * Reads a byte string into a new array, or null. Allocates.
     *
     * @return a new array, or null
     */
    public abstract byte[] bytes();

    /**
     * Appends the byte string to {@code target} at its write position (nothing for null).
     *
     * @param target where the bytes are appended
     */
    public abstract void bytesTo(Bytes target);

    /**
     * Reads an enum constant, or null.
     *
     * @param <E>  the enum type
     * @param type the enum's class
     * @return the constant, or null
     * @throws WireException if the wire names a constant {@code type} does not have
     */
    public abstract <E extends Enum<E>> E asEnum(Class<E> type);

    /**
     * Enters a nested object. Always followed by {@link #endMarshallable(Marshallable, ValueIn)}.
     *
     * @return true if the object is on the wire; false if it is null or missing, in which case
     *         every field read until the matching end reads as its default
     */
    public abstract boolean startMarshallable();

    /**
     * Enters a typed object and returns its alias (interned), or null if the value is null or
     * missing (then as {@link #startMarshallable} returning false). Always followed by
     * {@link #endMarshallable(Marshallable, ValueIn)}.
     *
     * @return the alias, or null
     */
    public abstract String startTyped();

    /**
     * Leaves the innermost object: offers its unread fields to {@code target.unexpectedField}
     * (target may be null: they are skipped) and moves past it.
     *
     * @param target     the object read, or null
     * @param unexpected as for {@link #endDocument(Marshallable, ValueIn)}
     */
    public abstract void endMarshallable(Marshallable target, ValueIn unexpected);

    /** Enters a sequence (empty if null or missing); each value read is then its next element. */
    public abstract void startSequence();

    /**
     * True while the innermost sequence has an element left to read.
     *
     * @return whether an element is left
     */
    public abstract boolean hasNextElement();

    /** Leaves the innermost sequence, skipping elements that were not read. */
    public abstract void endSequence();

    /**
     * Enters a map (empty if null or missing). Then, per entry: {@link #hasNextEntry()}, one key
     * read, one value read (any value method); then {@link #endMap()}.
     */
    public abstract void startMap();

    /**
     * True while the innermost map has an entry left; skips the value of the entry before when it
     * was not read.
     *
     * @return whether an entry is left
     */
    public abstract boolean hasNextEntry();

    /**
     * Reads the key of the entry {@link #hasNextEntry()} found, as interned text; the value
     * follows.
     *
     * @return the key
     */
    public abstract String textKey();

    /**
     * Reads the key of the entry {@link #hasNextEntry()} found into {@code target}, cleared first;
     * the value follows.
     *
     * @param target where the key goes
     */
    public abstract void keyTo(StringBuilder target);

    /**
     * Reads the key of the entry {@link #hasNextEntry()} found, as an integer (on the text wires,
     * its decimal text); the value follows.
     *
     * @return the key
     */
    public abstract long int64Key();

    /** Leaves the innermost map, skipping entries that were not read. */
    public abstract void endMap();


    /**
     * Whether the value the next value method would read is null or missing, consuming nothing:
     * the value methods, {@link #skip()} and this method then behave as if it had not been called.
     * What counts as null on each wire is listed at {@link ValueIn#isNull()}. Allocates nothing.
     *
     * @return whether the next value is null or missing
     * @throws IllegalStateException where a value read would throw it: no field named in an
     *                               object, the hook's value already read, or no document open
     * @throws WireException         inside a sequence with no element left, or on malformed input
     */
    public abstract boolean isNull();

    /** Consumes the value without decoding it (missing values: nothing). */
    public abstract void skip();

    /**
     * An exception for bad input at the current position, naming the wire and the offset (and the
     * line and column on text wires). Allocates; for the error path only.
     *
     * @param expected what was expected, phrased to follow the word "expected"
     * @return the exception, for the caller to throw
     */
    public abstract WireException error(String expected);

    /**
     * Where the innermost level stands, for the path of an error ({@link WireException#path()}):
     * in a sequence, the elements taken from it so far, each value read and each object, sequence
     * or map started in it taking one, also when it is refused past the last (in a null or
     * missing sequence, the first, refused, takes one, as in an empty one); in a map, the
     * entries {@link #hasNextEntry()} found, an entry asked for twice counting once, and the one
     * it is looking for while it looks; 0 anywhere else. An answer below 1 names no element (one
     * passed over unread at the end, say). Called when a level is entered inside a sequence or
     * map, and on the error path, before {@link #recover}. Allocates nothing.
     *
     * <p>The default, 0, names no element: a wire that counts its elements overrides it.
     *
     * @return the elements or entries taken from the innermost sequence or map
     */
    public int elementsTaken() {
        return 0;
    }

    /**
     * Whether the reader was looking for the field {@link #field(Field)} named, past its next
     * entry, when the input was refused: the bytes refused are then another entry's or the
     * object's own, and the error names the object rather than that field. Called on the error
     * path only, before {@link #recover}. Allocates nothing.
     *
     * <p>The default, false, names the field: a wire that finds fields by key overrides it.
     *
     * @return whether a field's lookup was under way
     */
    public boolean inLookup() {
        return false;
    }

    /**
     * The key handed to {@link Marshallable#unexpectedField} whose value the innermost level is,
     * for the path of an error met while the hook reads that value (or when it starts an object,
     * sequence or map in it); null at any other level. Called when a level is entered in an object
     * whose end is being read, and on the error path, before {@link #recover}. Allocates nothing.
     *
     * <p>The default, null, names the object instead: a wire that offers unread fields to the hook
     * overrides it, and {@link #unexpectedValueLeft()}.
     *
     * @return the hook's key, or null
     */
    public WireKey unexpectedKey() {
        return null;
    }

    /**
     * Whether the hook read an object, sequence or map as the value {@link #unexpectedKey()}
     * names, and that level was left: what is refused now is past it, in what closes it (a typed
     * object's wrapper), or the hook's own. Called on the error path only. Allocates nothing.
     *
     * @return whether the innermost level is the hook's value, and a level read as it was left
     */
    public boolean unexpectedValueLeft() {
        return false;
    }

    /**
     * Reads the next document as plain Java values (see {@link io.zwire.Wire#readValue}) and passes
     * it to {@code sink}. This path allocates; it is for tools, tests and conversion.
     *
     * @param sink receives the document's value
     * @return false when no document is left
     * @throws UnsupportedOperationException on wires that do not describe their values (the default)
     */
    public boolean readValue(Consumer<Object> sink) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot read documents as plain values");
    }
}
