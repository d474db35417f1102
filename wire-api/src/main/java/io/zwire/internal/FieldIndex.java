package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.Field;

import java.util.Arrays;

/**
 * The reusable memory of the self-describing readers' slow path. Reading fields in write order
 * never touches it. When the next key on the wire is not the field asked for, the reader scans the
 * rest of the object once, adding an entry per field (key, where the key is, where its value
 * starts), and from then on finds fields here, marking each one consumed; at the end of the object
 * the entries never consumed are the unexpected fields.
 *
 * <p>Entries of nested objects stack on top of their parent's: a level begins at {@link #mark()}
 * and is dropped with {@link #release(int)}, which a reader calls when it leaves the object, so
 * the index holds at most one document's worth of entries. Keys are matched by a 32-bit key
 * (the name's {@link Bytes#hash} on named wires, the field number on numbered wires) and, for
 * names, confirmed byte for byte. A key the wire could not leave contiguous in the input (an
 * escaped or chunked name) is copied into the index's own arena first.
 *
 * <p>Allocates only to grow, the first time a document has more fields than any before it.
 */
public final class FieldIndex {
    private int[] keys = new int[32];
    /** Offset of the key's bytes in the input, or {@code ~offset} into the arena. */
    private int[] keyStarts = new int[32];
    private int[] keyLengths = new int[32];
    private int[] valueStarts = new int[32];
    private boolean[] consumed = new boolean[32];
    private int size;
    private final Bytes arena = Bytes.elastic(256);

    /** Where the next level's entries begin. */
    public int mark() {
        return size;
    }

    /** Drops every entry from {@code mark} on, and the arena with the last level. */
    public void release(int mark) {
        size = mark;
        if (mark == 0) {
            arena.clear();
        }
    }

    /** Number of entries, across all levels. */
    public int size() {
        return size;
    }

    /**
     * Adds a field whose key bytes are contiguous in the input.
     *
     * @param key        the name's hash or the field number
     * @param keyStart   offset of the name's UTF-8 bytes in the input (any value on numbered wires)
     * @param keyLength  length of the name (0 on numbered wires)
     * @param valueStart offset of the value (or of whatever the wire needs to re-read it)
     */
    public void add(int key, int keyStart, int keyLength, int valueStart) {
        if (size == keys.length) {
            grow();
        }
        keys[size] = key;
        keyStarts[size] = keyStart;
        keyLengths[size] = keyLength;
        valueStarts[size] = valueStart;
        consumed[size] = false;
        size++;
    }

    /**
     * Adds a named field whose decoded key the caller has put in {@code decoded}
     * ({@code [offset, offset + length)}); the bytes are copied into the arena.
     */
    public void addCopied(Bytes decoded, int offset, int length, int valueStart) {
        int arenaStart = arena.writePosition();
        arena.write(decoded, offset, length);
        add(ByteRangeHash.of(arena, arenaStart, length), ~arenaStart, length, valueStart);
    }

    private void grow() {
        int capacity = keys.length * 2;
        keys = Arrays.copyOf(keys, capacity);
        keyStarts = Arrays.copyOf(keyStarts, capacity);
        keyLengths = Arrays.copyOf(keyLengths, capacity);
        valueStarts = Arrays.copyOf(valueStarts, capacity);
        consumed = Arrays.copyOf(consumed, capacity);
    }

    /**
     * The first unconsumed entry at or after {@code mark} whose key bytes in {@code input} (or the
     * arena) are {@code field}'s name, or -1.
     */
    public int findName(int mark, Field field, Bytes input) {
        for (int i = mark; i < size; i++) {
            if (!consumed[i] && isName(i, field, input)) {
                return i;
            }
        }
        return -1;
    }

    /** The first unconsumed entry at or after {@code mark} with field number {@code number}, or -1. */
    public int findNumber(int mark, int number) {
        for (int i = mark; i < size; i++) {
            if (keys[i] == number && !consumed[i]) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The first unconsumed entry at or after {@code from} whose key is {@code field}'s (see
     * {@link #isKeyOf}), or -1. Allocates nothing.
     *
     * @param from     the first entry looked at
     * @param field    the field
     * @param input    the buffer the entries' names not copied to the arena are in
     * @param numbered whether the entries hold field numbers
     * @return the entry, or -1
     */
    public int find(int from, Field field, Bytes input, boolean numbered) {
        return numbered ? findNumber(from, field.number()) : findName(from, field, input);
    }

    /**
     * Whether the entry's key is {@code field}'s: its number on a numbered wire, else its name.
     * Consumed or not. Allocates nothing.
     *
     * @param entry    an entry
     * @param field    the field
     * @param input    the buffer the entries' names not copied to the arena are in
     * @param numbered whether the entries hold field numbers
     * @return whether the key is the field's
     */
    public boolean isKeyOf(int entry, Field field, Bytes input, boolean numbered) {
        return numbered ? keys[entry] == field.number() : isName(entry, field, input);
    }

    private boolean isName(int entry, Field field, Bytes input) {
        final int length = field.nameLength();
        if (keys[entry] != field.nameHash() || keyLengths[entry] != length) {
            return false;
        }
        int start = keyStarts[entry];
        return start >= 0 ? FieldNames.rangeEquals(input, start, length, field) : FieldNames.rangeEquals(arena, ~start, length, field);
    }

    /** The last entry at or after {@code mark} with field number {@code number}, consumed or not, or -1. */
    public int findLastNumber(int mark, int number) {
        for (int i = size - 1; i >= mark; i--) {
            if (keys[i] == number) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Consumes every unconsumed entry after {@code entry} whose key is {@code field}'s, for the
     * field's last value. Allocates nothing.
     *
     * @param entry    an entry of the field, consumed
     * @param field    the field
     * @param input    the buffer the entries' names not copied to the arena are in
     * @param numbered whether the entries hold field numbers
     * @return the last of the field's entries
     */
    public int consumeRepeats(int entry, Field field, Bytes input, boolean numbered) {
        int last = entry;
        for (int later = find(entry + 1, field, input, numbered); later >= 0; later = find(later + 1, field, input, numbered)) {
            consumed[later] = true;
            last = later;
        }
        return last;
    }

    /** Marks the entry read, so it is neither found again nor reported as unexpected. */
    public void consume(int entry) {
        consumed[entry] = true;
    }

    /** True once {@link #consume} was called for the entry. */
    public boolean isConsumed(int entry) {
        return consumed[entry];
    }

    /** The entry's key: name hash or field number. */
    public int key(int entry) {
        return keys[entry];
    }

    /** Where the entry's value starts. */
    public int valueStart(int entry) {
        return valueStarts[entry];
    }

    /** Length of the entry's name in bytes. */
    public int keyLength(int entry) {
        return keyLengths[entry];
    }

    /**
     * The buffer that holds the entry's name, for a reader that decodes names its own way:
     * {@code input}, or the index's arena for a name copied there. The name is the
     * {@link #keyLength} bytes from {@link #nameStart}.
     */
    public Bytes nameSource(int entry, Bytes input) {
        return keyStarts[entry] >= 0 ? input : arena;
    }

    /** Where the entry's name starts in {@link #nameSource}. */
    public int nameStart(int entry) {
        int start = keyStarts[entry];
        return start >= 0 ? start : ~start;
    }

    /**
     * Appends the entry's name, decoded from UTF-8, to {@code target}.
     *
     * @return -1, or the offset of a malformed byte as {@link Bytes#readUtf8} reports it
     */
    public int appendName(int entry, Bytes input, StringBuilder target) {
        int start = keyStarts[entry];
        return start >= 0 ? input.readUtf8(start, keyLengths[entry], target)
                : arena.readUtf8(~start, keyLengths[entry], target);
    }
}
