package io.zwire.yaml.parse;

/**
 * Where the last scalar lies in the input and how to decode it: its style, the range of its text
 * (inside the quotes; for block scalars the lines after the header) and, for block scalars, the
 * content indentation and chomping. A scalar is {@linkplain #simple() simple} when its text is
 * its value byte for byte (one line, no escapes, no folding), which is what the typed reader's
 * fast path compares and parses in place. Reused for every scalar: read it before the next event.
 */
public final class Scalar {
    /** Styles. */
    public static final int PLAIN = 0;
    public static final int SINGLE_QUOTED = 1;
    public static final int DOUBLE_QUOTED = 2;
    public static final int LITERAL = 3;
    public static final int FOLDED = 4;

    /** Chomping of block scalars: keep one final line break, none, or every trailing one. */
    public static final int CLIP = 0;
    public static final int STRIP = 1;
    public static final int KEEP = 2;

    int style;
    int start;
    int end;
    boolean simple;
    int indent;
    int chomp;

    void set(int newStyle, int newStart, int newEnd, boolean isSimple) {
        style = newStyle;
        start = newStart;
        end = newEnd;
        simple = isSimple;
    }

    void setBlock(int newStyle, int newStart, int newEnd, int contentIndent, int chomping) {
        style = newStyle;
        start = newStart;
        end = newEnd;
        simple = false;
        indent = contentIndent;
        chomp = chomping;
    }

    /** An empty plain scalar (a null) at {@code at}. */
    void setEmpty(int at) {
        set(PLAIN, at, at, true);
    }

    /** {@link #PLAIN}, {@link #SINGLE_QUOTED}, {@link #DOUBLE_QUOTED}, {@link #LITERAL} or {@link #FOLDED}. */
    public int style() {
        return style;
    }

    /** Index of the first byte of the scalar's text in the parser's input. */
    public int start() {
        return start;
    }

    /** Index just past the scalar's text. */
    public int end() {
        return end;
    }

    /** True when the bytes {@code [start, end)} are the value itself. */
    public boolean simple() {
        return simple;
    }

    /** True for a plain scalar, whose value the schema resolves (null, bool, number or text). */
    public boolean plain() {
        return style == PLAIN;
    }

    /** Content indentation of a block scalar. */
    public int indent() {
        return indent;
    }

    /** Chomping of a block scalar. */
    public int chomp() {
        return chomp;
    }
}
