package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.internal.ByteRangeHash;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.FieldNames;
import io.zwire.yaml.parse.Scalar;
import io.zwire.yaml.parse.YamlParser;

import static io.zwire.yaml.parse.YamlParser.SCALAR;

/**
 * The YAML wire's key codec: whether a mapping key the parser has just read is a {@link Field}'s
 * key, by name ({@code YAML}) or by field number ({@code YAML_NUMBERED}), and how the key is
 * recorded in the reader's {@link FieldIndex} when the entries are read out of order. A key that
 * is its own text is compared in place; any other (quoted with escapes, tagged) is decoded first.
 * The "key: value" lines of the field asked for do not come here: the line scanner matches those.
 * Allocates nothing in steady state.
 */
final class KeyScalars {
    private final YamlParser parser;
    private final YamlScalars scalars;
    private final boolean numbered;

    KeyScalars(YamlParser parser, YamlScalars scalars, boolean numbered) {
        this.parser = parser;
        this.scalars = scalars;
        this.numbered = numbered;
    }

    /** Whether the key scalar is {@code field}'s key. */
    boolean isKeyOf(Scalar key, Field field) {
        return numbered ? number(key) == field.number() : isName(key, field);
    }

    /**
     * Adds the entry whose key event, {@code event}, was just read to {@code index}, with
     * {@code valueStart} as its value start; a name read in place is recorded at its offset in
     * the reader's buffer (the parser's input plus {@link YamlParser#base()}), where the index
     * compares it.
     *
     * @throws io.zwire.WireException on the numbered wire, for a key that is not a field number
     */
    void add(FieldIndex index, int event, int valueStart) {
        if (event == SCALAR) {
            Scalar scalar = parser.scalar();
            if (numbered) {
                int number = number(scalar);
                if (number < 0) {
                    throw parser.error(scalar.start(), "a field number as the mapping key");
                }
                index.add(number, valueStart, 0, valueStart);
            } else if (scalar.simple() && !parser.hasTag()) {
                int length = scalar.end() - scalar.start();
                index.add(ByteRangeHash.of(scalars.input(), scalar.start(), length), scalar.start() + parser.base(), length, valueStart);
            } else {
                Bytes decoded = scalars.decode(scalar);
                index.addCopied(decoded, 0, decoded.writePosition(), valueStart);
            }
        } else {
            if (numbered) {
                throw parser.error(parser.entryStart(), "a field number as the mapping key");
            }
            index.add(0, valueStart, -1, valueStart);
        }
    }

    /** Whether the key scalar is {@code field}'s name. */
    private boolean isName(Scalar scalar, Field field) {
        if (scalar.simple() && !parser.hasTag()) {
            return isName(scalar.start(), scalar.end(), field);
        }
        Bytes decoded = scalars.decode(scalar);
        return FieldNames.rangeEquals(decoded, 0, decoded.writePosition(), field);
    }

    /** Whether the input range {@code [start, end)} is {@code field}'s name. */
    private boolean isName(int start, int end, Field field) {
        int length = end - start;
        if (length != field.nameLength()) {
            return false;
        }
        String name = field.name();
        if (name.length() != length) {
            return FieldNames.rangeEquals(scalars.input(), start, length, field);
        }
        // An ASCII name (as many chars as bytes): compared char by char, cheaper for short names.
        final byte[] data = parser.data();
        for (int i = 0; i < length; i++) {
            if (data[start + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The field number the key scalar holds, or -1 if it is not one. */
    private int number(Scalar scalar) {
        if (scalar.simple()) {
            return number(parser.data(), scalar.start(), scalar.end());
        }
        Bytes decoded = scalars.decode(scalar);
        return number(BytesAccess.array(decoded), 0, decoded.writePosition());
    }

    /** The field number the digits {@code data[start, stop)} spell, or -1 if they are not one. */
    private static int number(byte[] data, int start, int stop) {
        if (stop == start || stop - start > 10) {
            return -1;
        }
        long number = 0;
        for (int p = start; p < stop; p++) {
            int digit = data[p] - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            number = number * 10 + digit;
        }
        return number <= Field.MAX_NUMBER ? (int) number : -1;
    }
}
