package io.zwire.yaml.value;

import io.zwire.Bytes;
import io.zwire.Tagged;
import io.zwire.yaml.emit.ScalarWriter;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
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

    private final Bytes out;
    private final ScalarWriter scalars = new ScalarWriter();

    /** A writer appending to {@code out}; keys come out as numbers or text alike, so both wires share it. */
    public YamlValueWriter(Bytes out) {
        this.out = out;
    }

    /**
     * Writes {@code value} as one document.
     *
     * @throws IllegalArgumentException for a value with no YAML form, or nesting past {@link #MAX_DEPTH}
     */
    public void writeDocument(Object value) {
        out.writeInt8('-').writeInt8('-').writeInt8('-');
        node(value, 0, ROOT, 0);
        out.writeInt8('\n');
    }

    private void newLine(int indent) {
        out.writeInt8('\n');
        for (int i = 0; i < indent; i++) {
            out.writeInt8(' ');
        }
    }

    private void node(Object value, int indent, int where, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("values nested deeper than " + MAX_DEPTH + ": is there a cycle?");
        }
        Object content = value;
        boolean tagged = false;
        if (value instanceof Tagged t) {
            out.writeInt8(' ');
            tag(t.tag());
            content = t.value();
            tagged = true;
        }
        int childIndent = where == ROOT ? 0 : indent + 2;
        boolean inline = where == AFTER_INDICATOR && !tagged;
        if (content instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.writeInt8(' ').writeInt8('{').writeInt8('}');
                return;
            }
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (first && inline) {
                    out.writeInt8(' ');
                } else {
                    newLine(childIndent);
                }
                first = false;
                entry(entry.getKey(), entry.getValue(), childIndent, depth);
            }
        } else if (content instanceof Collection<?> || content != null && content.getClass().isArray() && !(content instanceof byte[])) {
            Iterator<?> items = content instanceof Collection<?> collection ? collection.iterator() : arrayIterator(content);
            if (!items.hasNext()) {
                out.writeInt8(' ').writeInt8('[').writeInt8(']');
                return;
            }
            boolean first = true;
            while (items.hasNext()) {
                if (first && inline) {
                    out.writeInt8(' ');
                } else {
                    newLine(childIndent);
                }
                first = false;
                out.writeInt8('-');
                node(items.next(), childIndent, AFTER_INDICATOR, depth + 1);
            }
        } else {
            out.writeInt8(' ');
            scalar(content);
        }
    }

    private void entry(Object key, Object value, int indent, int depth) {
        if (isScalar(key) && !(key instanceof CharSequence text && text.length() > LONG_KEY)) {
            scalar(key);
            out.writeInt8(':');
            node(value, indent, AFTER_KEY, depth + 1);
            return;
        }
        out.writeInt8('?');
        node(key, indent, AFTER_INDICATOR, depth + 1);
        newLine(indent);
        out.writeInt8(':');
        node(value, indent, AFTER_INDICATOR, depth + 1);
    }

    private static boolean isScalar(Object value) {
        return value == null || value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof Character || value instanceof Enum<?>;
    }

    private void tag(String tag) {
        out.writeInt8('!');
        boolean local = !tag.isEmpty();
        for (int i = 0; i < tag.length() && local; i++) {
            char c = tag.charAt(i);
            local = c < 0x80 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-');
        }
        if (local) {
            out.writeUtf8(tag);
        } else if (tag.startsWith("tag:yaml.org,2002:") && tag.length() > 18) {
            out.writeInt8('!');
            out.writeUtf8(tag.substring(18));
        } else {
            out.writeInt8('<');
            for (int i = 0; i < tag.length(); i++) {
                char c = tag.charAt(i);
                if (c > 0x20 && c < 0x7F && c != '>' && c != '%' && c != '{' && c != '}' && c != '"' && c != '\\') {
                    out.writeInt8(c);
                } else {
                    percentEncode(c);
                }
            }
            out.writeInt8('>');
        }
    }

    private void percentEncode(char c) {
        byte[] utf8 = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (byte b : utf8) {
            out.writeInt8('%');
            out.writeInt8(Character.toUpperCase(Character.forDigit(b >> 4 & 0xF, 16)));
            out.writeInt8(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
        }
    }

    private void scalar(Object value) {
        if (value == null) {
            out.writeInt8('n').writeInt8('u').writeInt8('l').writeInt8('l');
        } else if (value instanceof Boolean b) {
            if (b) {
                out.writeInt8('t').writeInt8('r').writeInt8('u').writeInt8('e');
            } else {
                out.writeInt8('f').writeInt8('a').writeInt8('l').writeInt8('s').writeInt8('e');
            }
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            scalars.int64(out, ((Number) value).longValue());
        } else if (value instanceof Double d) {
            scalars.float64(out, d);
        } else if (value instanceof Float f) {
            scalars.float32(out, f);
        } else if (value instanceof BigInteger || value instanceof BigDecimal) {
            out.writeUtf8(value.toString());
        } else if (value instanceof CharSequence text) {
            scalars.text(out, text);
        } else if (value instanceof Character c) {
            scalars.char16(out, c);
        } else if (value instanceof Enum<?> e) {
            scalars.text(out, e.name());
        } else if (value instanceof byte[] data) {
            scalars.binary(out, data, 0, data.length);
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
