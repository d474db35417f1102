package io.zwire.json;

import io.zwire.Field;
import io.zwire.text.keys.FieldKeys;

/**
 * JSON's spelling of a field's key for {@link FieldKeys}: {@code "name":} in UTF-8, or -1 for a
 * name that needs escaping (a quote, a backslash, a control character, an unpaired surrogate),
 * which the JSON reader and writer handle on their general paths.
 */
final class JsonKeySpelling {
    private JsonKeySpelling() {
    }

    static int spell(Field field, byte[] out) {
        final String name = field.name();
        int p = 0;
        out[p++] = '"';
        final int length = name.length();
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            int codePoint = c;
            if (c < ' ' || c == '"' || c == '\\') {
                return -1;
            }
            if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == length || !Character.isLowSurrogate(name.charAt(i + 1))) {
                    return -1;
                }
                codePoint = Character.toCodePoint(c, name.charAt(++i));
            }
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (p + size + 2 > out.length) {
                return -1;
            }
            switch (size) {
                case 1 -> out[p] = (byte) codePoint;
                case 2 -> {
                    out[p] = (byte) (0xC0 | codePoint >> 6);
                    out[p + 1] = (byte) (0x80 | codePoint & 0x3F);
                }
                case 3 -> {
                    out[p] = (byte) (0xE0 | codePoint >> 12);
                    out[p + 1] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                    out[p + 2] = (byte) (0x80 | codePoint & 0x3F);
                }
                default -> {
                    out[p] = (byte) (0xF0 | codePoint >> 18);
                    out[p + 1] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                    out[p + 2] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                    out[p + 3] = (byte) (0x80 | codePoint & 0x3F);
                }
            }
            p += size;
        }
        out[p++] = '"';
        out[p++] = ':';
        return p;
    }
}
