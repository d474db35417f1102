package io.zwire.yaml.value;

import io.zwire.Bytes;
import io.zwire.Tagged;
import io.zwire.WireException;
import io.zwire.text.ValuesTextCannotHold;
import io.zwire.internal.DoubleToDecimal;
import io.zwire.internal.LongToDecimal;
import io.zwire.yaml.emit.ScalarWriter;
import io.zwire.yaml.emit.TextOutput;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes plain Java values ({@link io.zwire.Wire#writeValue}) as one block-style YAML document,
 * in the typed writer's format: {@code ---}, mappings and sequences indented by two spaces,
 * scalars through {@link ScalarWriter}, {@link Tagged} values as {@code !tag} (a local tag when
 * the tag is a plain name, {@code !<uri>} otherwise), {@code byte[]} as {@code !!binary}. Keys
 * that are collections, or text too long for an implicit key, use YAML's explicit {@code ? key}
 * form. Recursive, bounded by {@link #MAX_DEPTH} (so a cyclic structure fails cleanly).
 * Allocates: this is the tools path.
 */
public final class YamlValueWriter {
    /** Deepest structure written. */
    public static final int MAX_DEPTH = 1000;
    /** Keys longer than this (in chars; up to four bytes each) use the explicit form, as implicit keys are limited to 1024 characters. */
    private static final int LONG_KEY = 250;

    /** Where a node is written: after "key:" (or ":" of an explicit entry), after "-" or "?", or after "---". */
    private static final int AFTER_KEY = 0;
    private static final int AFTER_INDICATOR = 1;
    private static final int ROOT = 2;

    private final TextOutput out;
    private final Bytes bytes;
    /** The wire named in a refusal. */
    private final String wire;
    /** Where the document being written starts, named in a refusal. */
    private long documentOffset;

    /**
     * A writer appending to {@code bytes}; keys come out as numbers or text alike, so both wires
     * share it.
     *
     * @param wire the wire's name, for the {@link WireException} of a value YAML cannot hold
     */
    public YamlValueWriter(Bytes bytes, String wire) {
        this.out = new TextOutput(bytes);
        this.bytes = bytes;
        this.wire = wire;
    }

    /**
     * Writes {@code value} as one document.
     *
     * @throws IllegalArgumentException for a value with no YAML form, or nesting past {@link #MAX_DEPTH}
     * @throws WireException for a value YAML cannot hold ({@link ValuesTextCannotHold}), at the
     *         document's offset in the output; the output is then left as it was
     */
    public void writeDocument(Object value) {
        documentOffset = bytes.writePosition();
        out.begin();
        try {
            ascii("---");
            node(value, 0, ROOT, 0);
            ascii("\n");
        } catch (RuntimeException | Error e) {
            out.abandon();
            throw e;
        }
        out.end();
    }

    private void ascii(String text) {
        out.reserve(text.length());
        out.ascii(text);
    }

    private void newLine(int indent) {
        out.reserve(1 + indent);
        out.newLine(indent);
    }

    private void node(Object value, int indent, int where, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("values nested deeper than " + MAX_DEPTH + ": is there a cycle?");
        }
        Object content = value;
        boolean tagged = false;
        if (value instanceof Tagged t) {
            ascii(" ");
            tag(t.tag());
            content = t.value();
            tagged = true;
        }
        int childIndent = where == ROOT ? 0 : indent + 2;
        boolean inline = where == AFTER_INDICATOR && !tagged;
        if (content instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                ascii(" {}");
                return;
            }
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (first && inline) {
                    ascii(" ");
                } else {
                    newLine(childIndent);
                }
                first = false;
                entry(entry.getKey(), entry.getValue(), childIndent, depth);
            }
        } else if (content instanceof Collection<?> || content != null && content.getClass().isArray() && !(content instanceof byte[])) {
            Iterator<?> items = content instanceof Collection<?> collection ? collection.iterator() : arrayIterator(content);
            if (!items.hasNext()) {
                ascii(" []");
                return;
            }
            boolean first = true;
            while (items.hasNext()) {
                if (first && inline) {
                    ascii(" ");
                } else {
                    newLine(childIndent);
                }
                first = false;
                ascii("-");
                node(items.next(), childIndent, AFTER_INDICATOR, depth + 1);
            }
        } else {
            ascii(" ");
            scalar(content);
        }
    }

    private void entry(Object key, Object value, int indent, int depth) {
        if (isScalar(key) && !(key instanceof CharSequence text && text.length() > LONG_KEY)) {
            scalar(key);
            ascii(":");
            node(value, indent, AFTER_KEY, depth + 1);
            return;
        }
        ascii("?");
        node(key, indent, AFTER_INDICATOR, depth + 1);
        newLine(indent);
        ascii(":");
        node(value, indent, AFTER_INDICATOR, depth + 1);
    }

    private static boolean isScalar(Object value) {
        return value == null || value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof Character || value instanceof Enum<?>;
    }

    private void tag(String tag) {
        StringBuilder text = new StringBuilder("!");
        boolean local = !tag.isEmpty();
        for (int i = 0; i < tag.length() && local; i++) {
            char c = tag.charAt(i);
            local = c < 0x80 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-');
        }
        if (local) {
            text.append(tag);
        } else if (tag.startsWith("tag:yaml.org,2002:") && tag.length() > 18 && tag.substring(18).chars().allMatch(c -> c < 0x80 && Character.isLetterOrDigit(c))) {
            text.append('!').append(tag, 18, tag.length());
        } else {
            text.append('<');
            for (byte b : tag.getBytes(StandardCharsets.UTF_8)) {
                if (b > 0x20 && b < 0x7F && b != '>' && b != '%' && b != '{' && b != '}' && b != '"' && b != '\\') {
                    text.append((char) b);
                } else {
                    text.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4 & 0xF, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
                }
            }
            text.append('>');
        }
        ascii(text.toString());
    }

    private void scalar(Object value) {
        String refusal = ValuesTextCannotHold.refusal(value);
        if (refusal != null) {
            throw new WireException(wire, documentOffset, refusal);
        }
        TextOutput o = out;
        if (value == null) {
            ascii("null");
        } else if (value instanceof Boolean b) {
            ascii(b ? "true" : "false");
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            o.reserve(LongToDecimal.MAX_LONG_LENGTH);
            o.decimal(((Number) value).longValue());
        } else if (value instanceof Double d) {
            o.reserve(DoubleToDecimal.MAX_DOUBLE_LENGTH + 1);
            if (Double.isFinite(d)) {
                o.shortest(d.doubleValue());
            } else {
                ScalarWriter.putSpecial(o, d.isNaN(), d < 0);
            }
        } else if (value instanceof Float f) {
            o.reserve(DoubleToDecimal.MAX_FLOAT_LENGTH + 1);
            if (Float.isFinite(f)) {
                o.shortest(f.floatValue());
            } else {
                ScalarWriter.putSpecial(o, f.isNaN(), f < 0);
            }
        } else if (value instanceof BigInteger || value instanceof BigDecimal) {
            ascii(value.toString());
        } else if (value instanceof CharSequence || value instanceof Enum<?>) {
            CharSequence text = value instanceof Enum<?> e ? e.name() : (CharSequence) value;
            int plain = ScalarWriter.plainLength(text);
            o.reserve(plain >= 0 ? plain : ScalarWriter.quotedLength(text));
            if (plain >= 0) {
                ScalarWriter.putPlain(o, text);
            } else {
                ScalarWriter.putQuoted(o, text);
            }
        } else if (value instanceof Character c) {
            o.reserve(ScalarWriter.charLength(c));
            ScalarWriter.putChar(o, c);
        } else if (value instanceof byte[] data) {
            o.reserve(ScalarWriter.binaryLength(data.length));
            ScalarWriter.putBinary(o, data, 0, data.length);
        } else {
            throw new IllegalArgumentException("no YAML form for " + value.getClass().getName());
        }
    }

    private static Iterator<Object> arrayIterator(Object array) {
        int length = Array.getLength(array);
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < length;
            }

            @Override
            public Object next() {
                if (next >= length) {
                    throw new java.util.NoSuchElementException();
                }
                return Array.get(array, next++);
            }
        };
    }
}
