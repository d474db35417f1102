package io.zwire.json;

import io.zwire.Field;

/**
 * Remembers which {@link Field}s have names that stand in a JSON string as they are: no quote,
 * backslash, control character or unpaired surrogate. Only such a name may be written from its
 * UTF-8 bytes, or matched against the raw bytes of a key, without escaping; any other name takes
 * the escaping path. A small direct-mapped cache keyed by the name's hash, per reader or writer,
 * so the check costs one array load in steady state and allocates nothing.
 */
final class PlainNames {
    private static final int SLOTS = 64;
    private final Field[] plain = new Field[SLOTS];

    /** True if {@code field}'s name needs no escaping in a JSON string. */
    boolean isPlain(Field field) {
        int slot = field.nameHash() & (SLOTS - 1);
        if (plain[slot] == field) {
            return true;
        }
        if (!needsNoEscaping(field.name())) {
            return false;
        }
        plain[slot] = field;
        return true;
    }

    private static boolean needsNoEscaping(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < ' ' || c == '"' || c == '\\') {
                return false;
            }
            if (Character.isSurrogate(c)) {
                boolean pair = Character.isHighSurrogate(c) && i + 1 < name.length()
                        && Character.isLowSurrogate(name.charAt(i + 1));
                if (!pair) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
