package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.FloatRange;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;
import io.zwire.text.base64.Base64Text;
import io.zwire.yaml.parse.CoreSchema;
import io.zwire.yaml.parse.Scalar;
import io.zwire.yaml.parse.ScalarDecoder;
import io.zwire.yaml.parse.TextValues;
import io.zwire.yaml.parse.YamlParser;

import java.nio.charset.StandardCharsets;

/**
 * The YAML wire's value codecs: turns the scalar the parser has just read into the value a
 * {@link io.zwire.ValueIn} call asks for, by YAML 1.2's core schema (null, bool, integers in
 * decimal, {@code 0x} and {@code 0o}, floats with {@code .inf} and {@code .nan}), as text, as
 * {@code !!binary} bytes or as an enum constant's name. The reader finds the scalar and says when
 * it has been read; these methods only decode it, and throw a {@link io.zwire.WireException} when
 * it is not what was asked for.
 *
 * <p>A scalar that is its own text is read in place; one that is not (escapes, folding, block
 * scalars) is decoded into a reusable buffer. Text is interned, and text or an enum constant read
 * for an object's field is kept in the reader's {@link RecentValues}, so the next value of that
 * field is recognised by its bytes. Allocates nothing in steady state, except what a call returns
 * new by its contract ({@code bytes()}, text too long for the interner).
 */
final class YamlScalars {
    private static final byte[] BINARY_TAG = "tag:yaml.org,2002:binary".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_TAG = "tag:yaml.org,2002:null".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INT_TAG = "tag:yaml.org,2002:int".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FLOAT_TAG = "tag:yaml.org,2002:float".getBytes(StandardCharsets.US_ASCII);

    private final YamlParser parser;
    private final StringInterner interner;
    private final RecentValues recent;
    private final FloatRange floats;
    /** Scalars that are not their own text are decoded here. */
    private final Bytes decoded = Bytes.elastic(64);
    private final Bytes tag = Bytes.elastic(32);
    /** The parser's input as a {@link Bytes}, for text and names read in place. */
    private final ParserInput input;
    /** Where {@link #valueBytes} put the value: in the parser's input or in {@link #decoded}. */
    private int valueStart;
    private int valueEnd;

    YamlScalars(YamlParser parser, ParserInput input, StringInterner interner, RecentValues recent, FloatRange floats) {
        this.parser = parser;
        this.input = input;
        this.interner = interner;
        this.recent = recent;
        this.floats = floats;
    }

    /**
     * Refuses, for a number field, a scalar that YAML's core schema makes something else: a
     * quoted one is a string, and a tag other than {@code !!int} (or {@code !!float}, for a float
     * field) says what it is. A null is let through, to read as 0.
     *
     * @param scalar   the value's scalar
     * @param expected the field's kind, for the error
     * @param floating whether the field is a float32 or float64
     */
    void requireNumber(Scalar scalar, String expected, boolean floating) {
        if (isNull()) {
            return;
        }
        if (parser.hasTag()) {
            if (!tagIs(INT_TAG) && !(floating && tagIs(FLOAT_TAG))) {
                throw parser.error(scalar.start(), expected + ", found a scalar tagged as another kind");
            }
        } else if (!scalar.plain()) {
            throw parser.error(scalar.start(), expected + ", found a quoted scalar, which YAML reads as a string");
        }
    }

    /** The parser's input as a {@link Bytes}: index {@code i} is {@code parser.data()[i]}. */
    Bytes input() {
        return input.view();
    }

    /** The text of a scalar that is not its own text, decoded into a buffer reused by the next call. */
    Bytes decode(Scalar scalar) {
        decoded.clear();
        ScalarDecoder.decode(parser.data(), scalar, decoded);
        return decoded;
    }

    /** The current node's tag, resolved into a buffer reused by the next call. */
    Bytes tag() {
        tag.clear();
        parser.resolveTag(tag);
        return tag;
    }

    /** Whether the current scalar is null: a plain null without a tag, or tagged {@code !!null}. */
    boolean isNull() {
        Scalar scalar = parser.scalar();
        if (parser.hasTag()) {
            return tagIs(NULL_TAG);
        }
        return scalar.plain() && TextValues.isNull(parser.data(), scalar.start(), scalar.end());
    }

    private boolean tagIs(byte[] expected) {
        Bytes resolved = tag();
        return resolved.contentEquals(0, resolved.writePosition(), expected);
    }

    /** Makes the scalar's value a contiguous range: in place when simple, else decoded. Returns its array. */
    private byte[] valueBytes(Scalar scalar) {
        if (scalar.simple()) {
            valueStart = scalar.start();
            valueEnd = scalar.end();
            return parser.data();
        }
        decode(scalar);
        valueStart = 0;
        valueEnd = decoded.writePosition();
        return BytesAccess.array(decoded);
    }

    /** The Bytes {@link #valueBytes} put the value in. */
    private Bytes valueView(Scalar scalar) {
        return scalar.simple() ? input.view() : decoded;
    }

    /** An integer, or 0 for null. */
    long integer(Scalar scalar, String expected) {
        if (isNull()) {
            return 0;
        }
        byte[] data = valueBytes(scalar);
        try {
            return CoreSchema.parseInteger(data, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            throw parser.error(scalar.start(), expected + " (a decimal, 0x or 0o integer within 64 bits)");
        }
    }

    /** A float32, or 0 for null. */
    float float32(Scalar scalar) {
        if (isNull()) {
            return 0;
        }
        byte[] data = valueBytes(scalar);
        float value;
        try {
            value = CoreSchema.parseFloat32(data, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            throw parser.error(scalar.start(), "a float32 (a decimal number, .inf, -.inf or .nan)");
        }
        if (value == 0 && isIntegerZero(data)) {
            return 0f;
        }
        return (float) inRange(value, data, scalar, "a float32");
    }

    /** A float64, or 0 for null. */
    double float64(Scalar scalar) {
        if (isNull()) {
            return 0;
        }
        byte[] data = valueBytes(scalar);
        double value;
        try {
            value = CoreSchema.parseFloat(data, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            throw parser.error(scalar.start(), "a float64 (a decimal number, .inf, -.inf or .nan)");
        }
        if (value == 0 && isIntegerZero(data)) {
            return 0.0;
        }
        return inRange(value, data, scalar, "a float64");
    }

    /**
     * Whether the zero just parsed is the core schema's integer 0: {@code -0} is an integer, and an
     * integer has no signed zero, so a float field reads it as +0.0 (as snakeyaml-engine and every
     * core-schema reader do). {@code -0.0}, or {@code -0} tagged {@code !!float}, is a float and keeps
     * its sign. Called only for a zero, so the tag lookup stays off the common path.
     */
    private boolean isIntegerZero(byte[] data) {
        return CoreSchema.isInteger(data, valueStart, valueEnd) && !(parser.hasTag() && tagIs(FLOAT_TAG));
    }

    /** {@code read}, the number {@link #valueBytes} put in {@code data}, unless the field's kind cannot hold it ({@link FloatRange}). */
    private double inRange(double read, byte[] data, Scalar scalar, String expected) {
        if (FloatRange.suspect(read) && floats.refusesDecimal(read, data, valueStart, valueEnd)) {
            throw parser.error(scalar.start(), FloatRange.expected(expected));
        }
        return read;
    }

    /** A bool, or false for null. */
    boolean bool(Scalar scalar) {
        if (isNull()) {
            return false;
        }
        byte[] data = valueBytes(scalar);
        int value = CoreSchema.bool(data, valueStart, valueEnd);
        if (value < 0) {
            throw parser.error(scalar.start(), "a bool: true or false");
        }
        return value == 1;
    }

    /** A char16, or 0 for null (a plain null word or empty scalar, or one tagged {@code !!null}). */
    char char16(Scalar scalar) {
        // A '~' or 'n' zwire writes is quoted, so a plain null word here is another writer's null.
        if (isNull()) {
            return 0;
        }
        valueBytes(scalar);
        int value = TextValues.singleChar(valueView(scalar), valueStart, valueEnd - valueStart);
        if (value < 0) {
            throw parser.error(scalar.start(), "a char16: text of one UTF-16 code unit");
        }
        return (char) value;
    }

    /**
     * Text, or null for null; {@code slot} is where {@link RecentValues} keeps the field's last
     * value, or -1.
     */
    String text(Scalar scalar, int slot) {
        if (isNull()) {
            return null;
        }
        byte[] data = valueBytes(scalar);
        int length = valueEnd - valueStart;
        int recentSlot = length > RecentValues.MAX_BYTES ? -1 : slot;
        if (recentSlot >= 0 && recent.match(recentSlot, data, valueStart, length) instanceof String seen) {
            return seen;
        }
        String text;
        if (length > interner.maxLength() && scalar.simple()) {
            // Too long to be cached, so a new String either way; the scanner validated these
            // bytes as UTF-8, so the JDK's bulk decoder builds it, not the char-by-char one.
            text = new String(data, valueStart, length, StandardCharsets.UTF_8);
        } else {
            text = interner.intern(valueView(scalar), valueStart, length);
        }
        if (text == null) {
            // The scanner validated the input's UTF-8, so what does not decode is an escaped
            // unpaired surrogate (in its three-byte form): kept, in a String of its own.
            text = TextValues.toString(valueView(scalar), valueStart, length);
        }
        if (recentSlot >= 0) {
            remember(recentSlot, scalar, data, length, text);
        }
        return text;
    }

    /**
     * Keeps the value just read, {@code data[valueStart, valueStart + length)}, for the field's
     * next value: as a plain line the line scanner may compare when it was a plain scalar whose
     * text is its value, which a tag or an alias does not change.
     */
    private void remember(int slot, Scalar scalar, byte[] data, int length, Object value) {
        if (scalar.plain() && scalar.simple()) {
            recent.rememberPlain(slot, data, valueStart, length, value);
        } else {
            recent.remember(slot, data, valueStart, length, value);
        }
    }

    /** Appends the text to {@code target}, nothing for null. */
    void textTo(Scalar scalar, StringBuilder target) {
        if (isNull()) {
            return;
        }
        valueBytes(scalar);
        target.ensureCapacity(valueEnd - valueStart);
        if (TextValues.append(valueView(scalar), valueStart, valueEnd - valueStart, target) >= 0) {
            throw parser.error(scalar.start(), "text");
        }
    }

    /** Positions the base64 value in {@link #valueStart}..{@link #valueEnd}; returns its decoded length, or -1 for null. */
    private int binary(Scalar scalar) {
        if (isNull()) {
            return -1;
        }
        if (parser.hasTag() && !tagIs(BINARY_TAG)) {
            throw parser.error(scalar.start(), "a byte string: a !!binary scalar");
        }
        byte[] data = valueBytes(scalar);
        if (Base64Text.firstInvalid(data, valueStart, valueEnd, Base64Text.BLANKS) >= 0) {
            throw parser.error(scalar.start(), "a byte string: base64 text");
        }
        return Base64Text.decodedLength(data, valueStart, valueEnd);
    }

    /** The bytes of a {@code !!binary} scalar in a new array, or null for null. Allocates the array. */
    byte[] bytes(Scalar scalar) {
        int length = binary(scalar);
        if (length < 0) {
            return null;
        }
        byte[] value = new byte[length];
        Base64Text.decode(scalar.simple() ? parser.data() : BytesAccess.array(decoded), valueStart, valueEnd, value);
        return value;
    }

    /** Appends the bytes of a {@code !!binary} scalar to {@code target}, nothing for null. */
    void bytesTo(Scalar scalar, Bytes target) {
        if (binary(scalar) >= 0) {
            Base64Text.decode(scalar.simple() ? parser.data() : BytesAccess.array(decoded), valueStart, valueEnd, target);
        }
    }

    /**
     * The constant of {@code type} the scalar names, or null for null; {@code slot} as for
     * {@link #text}.
     */
    <E extends Enum<E>> E asEnum(Scalar scalar, Class<E> type, int slot) {
        if (isNull()) {
            return null;
        }
        byte[] data = valueBytes(scalar);
        int length = valueEnd - valueStart;
        int recentSlot = length > RecentValues.MAX_BYTES ? -1 : slot;
        if (recentSlot >= 0 && recent.match(recentSlot, data, valueStart, length) instanceof Enum<?> seen
                && seen.getDeclaringClass() == type) {
            return type.cast(seen);
        }
        EnumConstants<E> constants = EnumConstants.of(type);
        E constant = constants.byName(valueView(scalar), valueStart, length);
        if (recentSlot >= 0 && constant != null) {
            remember(recentSlot, scalar, data, length, constant);
        }
        if (constant == null) {
            throw parser.error(scalar.start(), constants.unknownName(valueView(scalar), valueStart, length));
        }
        return constant;
    }
}
