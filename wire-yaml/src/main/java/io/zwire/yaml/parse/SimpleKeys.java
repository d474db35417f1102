package io.zwire.yaml.parse;

import io.zwire.Field;
import io.zwire.text.keys.FieldKeys;
import io.zwire.internal.LongToDecimal;

/**
 * YAML's spellings of a field's key for {@link FieldKeys}, as the parser's fast path for
 * "key: value" lines reads them: the name or the decimal field number, then ':'. A name is kept
 * only when it is a simple plain key (printable ASCII, no ':' or '#', not starting with an
 * indicator or a space, not ending with a space): then the input holding its bytes and a ':' is
 * that key, whatever surrounds it. Other names (and keys spelled otherwise on the input, such as
 * quoted or with leading zeros) are read by the general path.
 */
public final class SimpleKeys {
    private SimpleKeys() {
    }

    /** {@code name:} for a simple plain name, else -1. */
    public static int named(Field field, byte[] out) {
        final String name = field.name();
        final int length = name.length();
        if (length + 1 > out.length || !SimpleText.simpleStart(ascii(name.charAt(0))) || name.charAt(length - 1) == ' ') {
            return -1;
        }
        for (int i = 0; i < length; i++) {
            byte b = ascii(name.charAt(i));
            if (!SimpleText.simpleChar(b)) {
                return -1;
            }
            out[i] = b;
        }
        out[length] = ':';
        return length + 1;
    }

    /** {@code 12:}: the field number in decimal, then ':'. */
    public static int numbered(Field field, byte[] out) {
        int end = LongToDecimal.writeInt(field.number(), out, 0);
        out[end] = ':';
        return end + 1;
    }

    /** The char as a byte when it is ASCII, else 0 (which no simple key contains). */
    private static byte ascii(char c) {
        return c < 0x80 ? (byte) c : 0;
    }
}
