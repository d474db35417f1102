package io.zwire.yaml.parse;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.text.scan.ByteWords;

/**
 * A pull parser for YAML 1.2 streams: {@link #startDocument()} finds the next document, then each
 * {@link #next()} returns one event (the start or end of a mapping or sequence, a scalar, an
 * alias, the end of the document) whose details (properties, scalar extent, flow or block) are
 * read from this object until the next call. Scalars are not decoded: they are ranges of the
 * input described by {@link #scalar()}.
 *
 * <p>Structure is kept in a fixed stack of frames, one per open collection, sized from
 * {@link ReadLimits#maxDepth}: there is no recursion, so no input can overflow the Java stack,
 * and nothing allocates after construction except exceptions. Each frame holds what its
 * collection needs to carry on (its kind, its indentation, what comes next), which is what lets a
 * reader {@linkplain #resumeEntry jump back} to an entry of the current mapping, or
 * {@linkplain #enterAlias re-read} an anchored node for an alias, by restoring one frame and a
 * position.
 *
 * <p>What is checked: the whole YAML grammar for block and flow collections, the four scalar
 * styles and block scalars, indentation (spaces only; tabs only where the grammar allows them),
 * directives and document markers, anchors, aliases and tags, UTF-8 and printable characters, and
 * the limits on depth, document size, sequence length and scalar size. Every violation is a
 * {@link WireException} with the offset, line and column.
 */
public final class YamlParser {
    /** Events. */
    public static final int MAPPING_START = 1;
    public static final int MAPPING_END = 2;
    public static final int SEQUENCE_START = 3;
    public static final int SEQUENCE_END = 4;
    public static final int SCALAR = 5;
    public static final int ALIAS = 6;
    public static final int DOCUMENT_END = 7;

    /** Frame kinds. */
    private static final byte DOC = 0;
    private static final byte BLOCK_MAP = 1;
    private static final byte BLOCK_SEQ = 2;
    private static final byte FLOW_MAP = 3;
    private static final byte FLOW_SEQ = 4;
    /** A single-pair mapping inside a flow sequence: {@code [a: b]}. */
    private static final byte FLOW_PAIR = 5;
    /** The node an alias re-reads. */
    private static final byte ALIAS_ROOT = 6;

    /** States: what the frame expects next. */
    private static final byte DOC_ROOT = 0;
    private static final byte DOC_END = 1;
    private static final byte BMAP_KEY = 2;
    private static final byte BMAP_VALUE = 3;
    private static final byte BMAP_EXPLICIT_VALUE = 4;
    private static final byte BMAP_NEXT = 5;
    private static final byte BSEQ_ENTRY = 6;
    private static final byte BSEQ_NEXT = 7;
    private static final byte FSEQ_ENTRY = 8;
    private static final byte FSEQ_NEXT = 9;
    private static final byte FMAP_KEY = 10;
    private static final byte FMAP_VALUE = 11;
    private static final byte FMAP_NEXT = 12;
    private static final byte PAIR_KEY = 13;
    private static final byte PAIR_VALUE = 14;
    private static final byte PAIR_END = 15;
    private static final byte ROOT_NODE = 16;
    private static final byte ROOT_DONE = 17;

    /** Slots a node can fill, recorded with anchors so the node can be parsed again. */
    private static final int BLOCK_SLOT = 0;
    private static final int KEY_SLOT = 1;
    private static final int FLOW_SLOT = 2;
    /** Block slot flags: a collection may start on the indicator's line; a sequence may sit at the parent's indentation; a line break came before the node. */
    private static final int COMPACT = 1;
    private static final int INDENTLESS = 2;
    private static final int CROSSED = 4;

    private final TextInput in;
    /** Reads a simple value after a key's ": " in one scan, as the reader's scanner reads whole lines. */
    private final SimpleLineScanner lineValues;
    private final Scalar scalar = new Scalar();
    private final ScalarScanner scanner;
    private final AnchorTable anchors = new AnchorTable();
    private final TagDirectives tagDirectives = new TagDirectives();
    private final ReadLimits limits;
    private final int maxTextBytes;

    private final byte[] kinds;
    private final byte[] states;
    private final int[] indents;
    /** Open collections up to and including the frame. */
    private final int[] levels;
    /** Block mapping: the line the current key started on. Sequences: entries so far. */
    private final int[] counts;
    private int top = -1;

    // the current event
    private int event;
    private boolean flowCollection;
    private int anchorStart = -1;
    private int anchorEnd;
    private int tagStart = -1;
    private int tagHandleEnd;
    private int tagEnd;
    private int aliasStart;
    private int aliasEnd;
    private int nodeStart;
    private int nodeLineStart;
    private long slot;
    private int entryStart;
    private int entryLineStart;
    private boolean pushedBack;
    /**
     * Where the line scanner ({@link SimpleLineScanner}) may read the current block mapping's next
     * "key: value" line, or -1: the position of a key in state BMAP_KEY, with no event pushed
     * back, no node properties pending and within {@link #documentLimit}. Set only where those
     * hold (a mapping's start, a line the scanner read, {@link #resumeEntry}); every other
     * move of the parser clears it. So the scanner tests one field against the position
     * where it would test four, and a cleared gate costs only the general path.
     */
    private int simpleKeyAt = -1;
    /** {@link #simpleKeyAt} while an event is pushed back, restored when it is returned again. */
    private int pushedKeyAt = -1;
    /**
     * The start of the number the line scanner read last when the next key followed it, until
     * {@link #scalar()} stores it as the scalar (it ends at the line break before
     * {@link TextInput#lineStart}); -1 when {@link #scalar} is the current event's. Most
     * numbers are taken from {@link SimpleLineScanner#decimal()} and never asked for as text.
     */
    private int numberStart = -1;

    // properties on the line of the content, before they are known to belong to it or to a key
    private int lineAnchorStart = -1;
    private int lineAnchorEnd;
    private int lineTagStart = -1;
    private int lineTagHandleEnd;
    private int lineTagEnd;
    private int linePropsStart = -1;

    /** Index just past the last node's text: content after it on the same line is an error in block context. */
    private int lastEnd;
    /** Whether the last node was quoted or a flow collection, after which a flow ':' needs no blank. */
    private boolean lastJsonLike;

    // the document and the stream
    /** The position past which the document exceeds {@link ReadLimits#maxDocumentBytes}. */
    private int documentLimit;
    private boolean explicitStart;
    private boolean explicitEnd;
    /** Where the last document ended, so the stream rules carry over when the next starts there. */
    private int streamResume = -1;
    private boolean previousEndedExplicitly = true;

    // aliases being re-read
    private final int[] aliasPositions;
    private final int[] aliasLineStarts;
    private final int[] aliasTops;
    private final int[] aliasLastEnds;
    private final int[] aliasNodeStarts;
    private int aliasDepth;
    /** Bytes re-read through aliases in this document, against {@link ReadLimits#maxAliasedBytes}. */
    private long aliasedBytes;

    /**
     * @param wire the wire's name, for errors
     */
    public YamlParser(String wire, ReadLimits limits) {
        this.in = new TextInput(wire);
        this.scanner = new ScalarScanner(in, scalar);
        this.limits = limits;
        this.maxTextBytes = limits.maxTextBytes();
        int frames = 2 * limits.maxDepth() + 8;
        kinds = new byte[frames];
        states = new byte[frames];
        indents = new int[frames];
        levels = new int[frames];
        counts = new int[frames];
        aliasPositions = new int[frames];
        aliasLineStarts = new int[frames];
        aliasTops = new int[frames];
        aliasLastEnds = new int[frames];
        aliasNodeStarts = new int[frames];
        lineValues = new SimpleLineScanner(this);
    }

    /**
     * Sets the input: {@code data[from, to)}, where {@code data[i]} is byte {@code i + base} of
     * {@code source} (used for error positions). Stream rules (a document after one that did not
     * end with {@code ...} may not have directives) carry over only when the input resumes where
     * the last document ended.
     */
    public void reset(Bytes source, byte[] data, int base, int from, int to) {
        boolean continues = from == streamResume && data == in.data;
        in.reset(source, data, base, from, to);
        if (!continues) {
            previousEndedExplicitly = true;
        }
        top = -1;
        aliasDepth = 0;
        aliasedBytes = 0;
        pushedBack = false;
        leaveFastPath();
    }

    // ------------------------------------------------------------------ documents

    /**
     * Moves to the next document: skips comments, handles directives and the {@code ---} marker.
     *
     * @return false when the input holds no further document
     * @throws WireException for bad directives or markers
     */
    public boolean startDocument() {
        if (simpleDocumentStart()) {
            return true;
        }
        final byte[] d = in.data;
        boolean directives = false;
        boolean yamlDirective = false;
        tagDirectives.clear();
        anchors.clear();
        aliasDepth = 0;
        aliasedBytes = 0;
        pushedBack = false;
        leaveFastPath();
        top = -1;
        while (true) {
            skipByteOrderMark();
            skipSeparation();
            int p = in.pos;
            if (p >= in.limit) {
                if (directives) {
                    throw in.error(p, "a document after the directives, but the input ends");
                }
                streamResume = p;
                return false;
            }
            if (p == in.lineStart && d[p] == '%') {
                if (!previousEndedExplicitly) {
                    throw in.error(p, "a document end marker '...' before the directives of the next document");
                }
                yamlDirective = Directives.parse(in, tagDirectives, yamlDirective);
                directives = true;
                continue;
            }
            if (in.documentMarkerAt(p) && d[p] == '.') {
                if (directives) {
                    throw in.error(p, "'---' to start the document after its directives");
                }
                in.pos = p + 3;
                endOfMarkerLine();
                previousEndedExplicitly = true;
                continue;
            }
            documentLimit = (int) Math.min(Integer.MAX_VALUE, (long) p + limits.maxDocumentBytes());
            if (in.documentMarkerAt(p)) {
                in.pos = p + 3;
                explicitStart = true;
            } else {
                if (directives) {
                    throw in.error(p, "'---' to start the document after its directives");
                }
                explicitStart = false;
            }
            break;
        }
        explicitEnd = false;
        lastEnd = in.pos - 1;
        lastJsonLike = false;
        top = 0;
        kinds[0] = DOC;
        states[0] = DOC_ROOT;
        indents[0] = -1;
        levels[0] = 0;
        return true;
    }

    /**
     * The start of a document as zwire writes it: "---" ending its line, at the start of a line,
     * then a simple "key: ..." line at column 0. Leaves exactly what {@link #startDocument} and
     * the {@link #MAPPING_START} of the root from {@link #next()} would, that event pushed back
     * for the next call to return; the two steps as one cost about half as much, on every
     * document read. Returns false having changed nothing for any other start.
     */
    private boolean simpleDocumentStart() {
        final byte[] d = in.data;
        final int p = in.pos;
        final int key = p + 4;
        if (p != in.lineStart || in.limit - p < 8 || d.length - p < 8
                || (ByteWords.word(d, p) & 0xFFFF_FFFFL) != DOCUMENT_START_LINE
                || !SimpleText.simpleStart(d[key]) || d[key] == '.' || SimpleText.simpleKeyEnd(d, key, in.limit) < 0) {
            return false;
        }
        tagDirectives.clear();
        anchors.clear();
        aliasDepth = 0;
        aliasedBytes = 0;
        documentLimit = (int) Math.min(Integer.MAX_VALUE, (long) p + limits.maxDocumentBytes());
        explicitStart = true;
        explicitEnd = false;
        lastEnd = p + 2;
        lastJsonLike = false;
        top = 0;
        kinds[0] = DOC;
        states[0] = DOC_END;
        indents[0] = -1;
        levels[0] = 0;
        in.pos = key;
        in.lineStart = key;
        slot = slot(BLOCK_SLOT, CROSSED, -1);
        nodeStart = key;
        nodeLineStart = key;
        clearLineProperties();
        startCollection(BLOCK_MAP, 0, BMAP_KEY, false);
        pushBack();
        return true;
    }

    /** "---" and a line feed, as the low four bytes of a little-endian word. */
    private static final long DOCUMENT_START_LINE = 0x0A2D_2D2DL;

    private void skipByteOrderMark() {
        int p = in.pos;
        if (p + 2 < in.limit && p == in.lineStart && (in.data[p] & 0xFF) == 0xEF && (in.data[p + 1] & 0xFF) == 0xBB
                && (in.data[p + 2] & 0xFF) == 0xBF) {
            in.pos = p + 3;
        }
    }

    /** After a document marker: blanks and a comment, then the end of the line. */
    private void endOfMarkerLine() {
        in.skipWhite();
        int p = in.pos;
        if (p < in.limit && in.data[p] == '#' && in.commentStartsAt(p)) {
            in.skipComment();
            p = in.pos;
        }
        if (p < in.limit && !in.isBreakOrEnd(p)) {
            throw in.error(p, "the end of the line after the document end marker '...'");
        }
        if (p < in.limit) {
            in.consumeBreak();
        }
    }

    /** Whether the document began with {@code ---}. */
    public boolean explicitStart() {
        return explicitStart;
    }

    /** After {@link #DOCUMENT_END}: whether the document ended with {@code ...}. */
    public boolean explicitEnd() {
        return explicitEnd;
    }

    // ------------------------------------------------------------------ events

    /**
     * Parses the next event of the current document.
     *
     * @throws WireException on bad input
     */
    public int next() {
        if (pushedBack) {
            pushedBack = false;
            simpleKeyAt = pushedKeyAt;
            return event;
        }
        leaveFastPath();
        if (in.pos > documentLimit) {
            throw in.error("a document within ReadLimits.maxDocumentBytes " + limits.maxDocumentBytes());
        }
        anchorStart = -1;
        tagStart = -1;
        flowCollection = false;
        // The two states of "key: value" lines first, as plain branches that predict well.
        byte state = states[top];
        if (state == BMAP_KEY) {
            return mapKey();
        }
        if (state == BMAP_VALUE) {
            return mapValue();
        }
        if (state == BMAP_NEXT) {
            // The end of the input right after the last value, as written: every open block
            // mapping ends there, with what nextMapEntry would leave.
            final int p = in.pos;
            final int limit = in.limit;
            if (p + 1 == limit && in.data[p] == '\n') {
                in.pos = limit;
                in.lineStart = limit;
                return end(MAPPING_END);
            }
            if (p == limit) {
                return end(MAPPING_END);
            }
        }
        return nextSlow();
    }

    private int nextSlow() {
        while (true) {
            switch (states[top]) {
                case BMAP_KEY:
                    return mapKey();
                case BMAP_VALUE:
                    return mapValue();
                case BMAP_NEXT:
                    if (nextMapEntry()) {
                        continue;
                    }
                    return end(MAPPING_END);
                case BSEQ_ENTRY:
                    return sequenceEntry();
                case BSEQ_NEXT:
                    if (nextSequenceEntry()) {
                        continue;
                    }
                    return end(SEQUENCE_END);
                case BMAP_EXPLICIT_VALUE:
                    return explicitValue();
                case FSEQ_ENTRY:
                    return flowSequenceEntry();
                case FSEQ_NEXT:
                    if (flowSeparator(']')) {
                        states[top] = FSEQ_ENTRY;
                        continue;
                    }
                    return endFlow(SEQUENCE_END);
                case FMAP_KEY:
                    return flowMapKey();
                case FMAP_VALUE:
                    return flowMapValue(FMAP_NEXT, '}');
                case FMAP_NEXT:
                    if (flowSeparator('}')) {
                        states[top] = FMAP_KEY;
                        continue;
                    }
                    return endFlow(MAPPING_END);
                case PAIR_KEY:
                    return pairKey();
                case PAIR_VALUE:
                    return flowMapValue(PAIR_END, ']');
                case PAIR_END:
                    top--;
                    lastJsonLike = true;
                    return event = MAPPING_END;
                case DOC_ROOT:
                    states[top] = DOC_END;
                    int mapping = simpleRootMapping();
                    return mapping != 0 ? mapping : blockNode(-1, explicitStart ? 0 : CROSSED);
                case DOC_END:
                    return documentEnd();
                case ROOT_NODE:
                    return aliasedNode();
                default:
                    throw new IllegalStateException("the aliased node has been read to its end");
            }
        }
    }

    /** Makes the next {@link #next()} return the current event again. */
    public void pushBack() {
        pushedBack = true;
        pushedKeyAt = simpleKeyAt;
        simpleKeyAt = -1;
    }

    private int end(int type) {
        top--;
        lastJsonLike = false;
        return event = type;
    }

    private int endFlow(int type) {
        top--;
        lastJsonLike = true;
        lastEnd = in.pos;
        return event = type;
    }

    private int documentEnd() {
        skipSeparation();
        int p = in.pos;
        if (p < in.limit) {
            if (in.lineStart <= lastEnd) {
                throw in.error(p, "the end of the document or a line break, found more content after the node");
            }
            if (in.documentMarkerAt(p)) {
                if (in.data[p] == '.') {
                    in.pos = p + 3;
                    endOfMarkerLine();
                    explicitEnd = true;
                }
            } else {
                throw in.error(p, "the end of the document: more content than its one root node");
            }
        }
        previousEndedExplicitly = explicitEnd;
        streamResume = in.pos;
        top = -1;
        return event = DOCUMENT_END;
    }

    // ------------------------------------------------------------------ block collections

    private int mapKey() {
        final int p = in.pos;
        final byte[] d = in.data;
        entryStart = p;
        entryLineStart = in.lineStart;
        counts[top] = in.lineStart;
        byte c = d[p];
        if (SimpleText.simpleStart(c)) {
            int colon = SimpleText.simpleKeyEnd(d, p, in.limit);
            if (colon > 0) {
                scalar.set(Scalar.PLAIN, p, colon, true);
                in.pos = colon;
                lastEnd = colon;
                lastJsonLike = false;
                states[top] = BMAP_VALUE;
                return emitNode(SCALAR);
            }
        }
        if (c == '?' && in.isBlankOrEnd(p + 1)) {
            in.pos = p + 1;
            states[top] = BMAP_EXPLICIT_VALUE;
            return blockNode(indents[top], COMPACT | INDENTLESS);
        }
        states[top] = BMAP_VALUE;
        if (c == ':' && in.isBlankOrEnd(p + 1)) {
            slot = slot(KEY_SLOT, 0, indents[top]);
            nodeStart = p;
            nodeLineStart = in.lineStart;
            return emptyNode();
        }
        return keyNode(indents[top]);
    }

    /** An implicit key of a block mapping: properties and a node, all on one line. */
    private int keyNode(int mapIndent) {
        slot = slot(KEY_SLOT, 0, mapIndent);
        nodeStart = in.pos;
        nodeLineStart = in.lineStart;
        clearLineProperties();
        int c = in.at(in.pos);
        while (c == '&' || c == '!') {
            property(false);
            in.skipWhite();
            if (in.isBreakOrEnd(in.pos) || in.at(in.pos) == '#') {
                throw in.error(in.pos, "a mapping key on the same line as its properties");
            }
            c = in.at(in.pos);
        }
        adoptLineProperties();
        int p = in.pos;
        if (c == ':' && in.isBlankOrEnd(p + 1) && (anchorStart >= 0 || tagStart >= 0)) {
            return emptyNode();
        }
        switch (c) {
            case '*':
                return alias(p);
            case '"':
                scanner.scanDoubleQuoted(mapIndent + 1);
                return quotedScalar();
            case '\'':
                scanner.scanSingleQuoted(mapIndent + 1);
                return quotedScalar();
            case '[':
                in.pos = p + 1;
                return startCollection(FLOW_SEQ, mapIndent + 1, FSEQ_ENTRY, true);
            case '{':
                in.pos = p + 1;
                return startCollection(FLOW_MAP, mapIndent + 1, FMAP_KEY, true);
            default:
                if (scanner.plainStartsAt(p, false)) {
                    scanner.scanPlain(false, mapIndent + 1, true);
                    return plainScalar();
                }
                throw in.error(p, "a mapping key");
        }
    }

    private int mapValue() {
        int p = in.pos;
        final byte[] d = in.data;
        if (p + 2 < in.limit && d[p] == ':' && d[p + 1] == ' ' && in.lineStart == counts[top]) {
            int event = lineValues.valueAfterKey(p + 2);
            if (event != 0) {
                return event;
            }
        }
        in.skipWhite();
        p = in.pos;
        if (in.lineStart != counts[top]) {
            throw in.error(p, "an implicit mapping key on a single line");
        }
        if (in.at(p) != ':' || !in.isBlankOrEnd(p + 1)) {
            throw in.error(p, "':' and a blank after the mapping key");
        }
        in.pos = p + 1;
        states[top] = BMAP_NEXT;
        return blockNode(indents[top], INDENTLESS);
    }

    private int explicitValue() {
        skipSeparation();
        int p = in.pos;
        states[top] = BMAP_NEXT;
        if (!atBoundary()) {
            if (in.lineStart <= lastEnd && !(in.at(p) == ':' && in.isBlankOrEnd(p + 1))) {
                throw in.error(p, "a line break after the explicit key");
            }
            if (in.at(p) == ':' && in.isBlankOrEnd(p + 1) && p - in.lineStart == indents[top]) {
                if (in.tabInIndentation()) {
                    throw in.error(p, "indentation with spaces, not tabs");
                }
                in.pos = p + 1;
                return blockNode(indents[top], COMPACT | INDENTLESS);
            }
        }
        nodeStart = p;
        nodeLineStart = in.lineStart;
        return emptyNode();
    }

    /**
     * The root of a document as zwire writes it: a block mapping whose first line, at column 0
     * right after the "---" line (or at the document's start), is a simple "key: ..." line. Enters
     * the mapping as {@link #blockNode} would, without its look-ahead for properties, collections
     * and implicit keys; returns 0 having changed nothing for any other root.
     */
    private int simpleRootMapping() {
        final byte[] d = in.data;
        final int limit = in.limit;
        final int p = in.pos;
        final int key = explicitStart ? p + 1 : p;
        if (key >= limit || (explicitStart ? d[p] != '\n' : p != in.lineStart) || !SimpleText.simpleStart(d[key])
                || in.documentMarkerAt(key) || SimpleText.simpleKeyEnd(d, key, limit) < 0) {
            return 0;
        }
        in.pos = key;
        in.lineStart = key;
        slot = slot(BLOCK_SLOT, CROSSED, -1);
        nodeStart = key;
        nodeLineStart = key;
        clearLineProperties();
        return startCollection(BLOCK_MAP, 0, BMAP_KEY, false);
    }

    // ------------------------------------------------------------------ the line scanner's interface

    /*
     * SimpleLineScanner reads the commonest block mapping entry, a "key: value" line, in one step.
     * These methods are all it sees of the parser: the gate saying where such a line may be read,
     * the mapping's indentation, and one call per kind of line it read, each leaving exactly the
     * state the general path would after the key and the value.
     */

    /** The input, shared with the line scanner. */
    TextInput input() {
        return in;
    }

    /** {@link ReadLimits#maxTextBytes}, which a line the scanner reads must keep to. */
    int maxTextBytes() {
        return maxTextBytes;
    }

    /**
     * Where the line scanner may read the current block mapping's next "key: value" line, or -1:
     * the position of a key in state BMAP_KEY, with no event pushed back, no node properties
     * pending and within {@link #documentLimit}.
     */
    int simpleKeyAt() {
        return simpleKeyAt;
    }

    /** The indentation of the current collection: the block mapping the scanner reads lines of. */
    int mappingIndent() {
        return indents[top];
    }

    /**
     * The scanner read a value in {@code [valueStart, valueEnd)} ending at {@code end}, and the
     * next line holds a key of this mapping at {@code key}, on the line starting at
     * {@code nextLine}: the scalar is the current event and the mapping is at that key.
     */
    int valueThenKey(int style, int valueStart, int valueEnd, int end, int key, int nextLine) {
        scalar.set(style, valueStart, valueEnd, true);
        numberStart = -1;
        lastEnd = end;
        lastJsonLike = style == Scalar.DOUBLE_QUOTED;
        in.pos = key;
        in.lineStart = nextLine;
        states[top] = BMAP_KEY;
        simpleKeyAt = withinDocument(key);
        return event = SCALAR;
    }

    /**
     * The scanner read a value in {@code [valueStart, valueEnd)} ending at {@code end}, after
     * which the general path finds what comes next (the mapping's end, or anything the scanner
     * does not read).
     */
    int valueLast(int style, int valueStart, int valueEnd, int end) {
        scalar.set(style, valueStart, valueEnd, true);
        numberStart = -1;
        lastEnd = end;
        lastJsonLike = style == Scalar.DOUBLE_QUOTED;
        in.pos = end;
        states[top] = BMAP_NEXT;
        simpleKeyAt = -1;
        return event = SCALAR;
    }

    /**
     * The scanner read a plain number starting at {@code start} and ending its line, and the next
     * line holds a key of this mapping at {@code key}, on the line starting at {@code nextLine}.
     * Unlike {@link #valueThenKey}, stores only what is needed: the state BMAP_KEY stays, the
     * scalar is stored only if asked for (see {@link #numberStart}), and lastEnd and lastJsonLike
     * are left for that key to set, as nothing reads them before it (every read of lastEnd
     * compares it with the start of a later line, which both its old value and this end precede).
     * The number is most often taken as the scanner's digits and never as text, and this is the
     * commonest line, so the stores saved are worth a method of its own.
     */
    int numberThenKey(int start, int key, int nextLine) {
        in.pos = key;
        in.lineStart = nextLine;
        simpleKeyAt = withinDocument(key);
        numberStart = start;
        return event = SCALAR;
    }

    /**
     * The scanner read "key:" ending its line (the ':' at {@code colon}), and the next line,
     * starting at {@code lineStart}, begins a block mapping indented {@code indent} with a simple
     * key at {@code key}: the mapping is entered, as the current event.
     */
    int nestedMapping(int colon, int key, int lineStart, int indent) {
        in.pos = key;
        in.lineStart = lineStart;
        lastEnd = colon;
        lastJsonLike = false;
        anchorStart = -1;
        tagStart = -1;
        states[top] = BMAP_NEXT;
        return startCollection(BLOCK_MAP, indent, BMAP_KEY, false);
    }

    /** After a mapping value: true if another entry follows at this mapping's indentation. */
    private boolean nextMapEntry() {
        skipSeparation();
        if (atBoundary()) {
            return false;
        }
        int p = in.pos;
        if (in.lineStart <= lastEnd) {
            throw in.error(p, in.data[p] == ':' ? "no ':' after the mapping value: a block mapping cannot start on the"
                    + " line of its key" : "a line break after the mapping value");
        }
        int spaces = in.leadingSpaces();
        if (p - in.lineStart != spaces) {
            throw in.error(p, "indentation with spaces, not tabs");
        }
        int indent = indents[top];
        if (spaces < indent) {
            return false;
        }
        if (spaces > indent) {
            throw in.error(p, "a mapping key indented " + indent + " spaces like the others, found " + spaces);
        }
        states[top] = BMAP_KEY;
        return true;
    }

    private int sequenceEntry() {
        int p = in.pos;
        if (++counts[top] > limits.maxSequenceLength()) {
            throw in.error(p, "a sequence within ReadLimits.maxSequenceLength " + limits.maxSequenceLength());
        }
        in.pos = p + 1;
        states[top] = BSEQ_NEXT;
        return blockNode(indents[top], COMPACT);
    }

    private boolean nextSequenceEntry() {
        skipSeparation();
        if (atBoundary()) {
            return false;
        }
        int p = in.pos;
        if (in.lineStart <= lastEnd) {
            throw in.error(p, "a line break after the sequence entry");
        }
        int spaces = in.leadingSpaces();
        if (p - in.lineStart != spaces) {
            throw in.error(p, "indentation with spaces, not tabs");
        }
        int indent = indents[top];
        if (spaces < indent) {
            return false;
        }
        if (spaces > indent) {
            throw in.error(p, "a sequence entry indented " + indent + " spaces like the others, found " + spaces);
        }
        if (in.data[p] == '-' && in.isBlankOrEnd(p + 1)) {
            states[top] = BSEQ_ENTRY;
            return true;
        }
        if (kinds[top - 1] == BLOCK_MAP && indents[top - 1] == indent) {
            return false;
        }
        throw in.error(p, "'-' and a blank to start the next sequence entry");
    }

    /**
     * Parses the node filling a block slot: {@code n} is the indentation of the enclosing
     * collection (-1 for the document), and the node's lines must be indented more (a sequence may
     * sit at {@code n} where {@link #INDENTLESS} allows). Emits its first event.
     */
    private int blockNode(int n, int flags) {
        final byte[] d = in.data;
        int slotStart = in.pos;
        boolean crossed = skipSeparation() | (flags & CROSSED) != 0;
        slot = slot(BLOCK_SLOT, crossed ? flags | CROSSED : flags, n);
        nodeStart = in.pos;
        nodeLineStart = in.lineStart;
        clearLineProperties();
        if (atBoundary() || crossed && !inSlot(n, flags)) {
            return emptyNode();
        }
        boolean tabbed = crossed ? in.tabInIndentation() : containsTab(slotStart, in.pos);
        boolean newLine = crossed;
        int c = d[in.pos] & 0xFF;
        while (c == '&' || c == '!') {
            property(false);
            if (skipSeparation()) {
                adoptLineProperties();
                newLine = true;
                if (atBoundary() || !inSlot(n, flags)) {
                    return emptyNode();
                }
                tabbed = in.tabInIndentation();
            } else if (in.pos >= in.limit) {
                adoptLineProperties();
                return emptyNode();
            }
            c = d[in.pos] & 0xFF;
        }
        int p = in.pos;
        boolean collectionAllowed = newLine || (flags & COMPACT) != 0 && linePropsStart < 0;
        if ((c == '-' || c == '?' || c == ':' && linePropsStart < 0) && in.isBlankOrEnd(p + 1)) {
            if (linePropsStart >= 0) {
                throw in.error(p, "a block collection to start on the line after its properties");
            }
            if (!collectionAllowed) {
                throw in.error(p, c == '-' ? "a block sequence to start on a line of its own"
                        : "a block mapping to start on a line of its own");
            }
            if (tabbed) {
                throw in.error(p, "indentation with spaces, not tabs, before a block collection");
            }
            adoptLineProperties();
            return startCollection(c == '-' ? BLOCK_SEQ : BLOCK_MAP, p - in.lineStart, c == '-' ? BSEQ_ENTRY : BMAP_KEY, false);
        }
        if (c == '|' || c == '>') {
            adoptLineProperties();
            scanner.scanBlockScalar(n);
            lastEnd = in.lineStart - 1;
            lastJsonLike = false;
            return emitNode(SCALAR);
        }
        if ((newLine || (flags & COMPACT) != 0) && implicitKeyAhead(p, false)) {
            if (tabbed) {
                throw in.error(p, "indentation with spaces, not tabs, before a block mapping");
            }
            int keyStart = linePropsStart >= 0 ? linePropsStart : p;
            in.pos = keyStart;
            dropLineProperties();
            return startCollection(BLOCK_MAP, keyStart - in.lineStart, BMAP_KEY, false);
        }
        adoptLineProperties();
        return flowishNode(false, n + 1);
    }

    /** Whether content on a new line belongs to a block slot of indentation {@code n}. */
    private boolean inSlot(int n, int flags) {
        int spaces = in.leadingSpaces();
        if (spaces > n) {
            return true;
        }
        int p = in.pos;
        return spaces == n && (flags & INDENTLESS) != 0 && p - in.lineStart == spaces && in.data[p] == '-'
                && in.isBlankOrEnd(p + 1);
    }

    private boolean containsTab(int from, int to) {
        for (int p = from; p < to; p++) {
            if (in.data[p] == '\t') {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the node at {@code p} (with any properties) ends on this line and is followed by a
     * {@code :} that makes it an implicit key.
     */
    private boolean implicitKeyAhead(int p, boolean flow) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int q = p;
        while (q < limit && (d[q] == '&' || d[q] == '!')) {
            q = d[q] == '&' ? scanner.anchorNameEnd(q + 1) : scanner.tagEnd(q, flow);
            while (q < limit && (d[q] == ' ' || d[q] == '\t')) {
                q++;
            }
        }
        if (q >= limit) {
            return false;
        }
        int c = d[q];
        int end;
        boolean jsonLike = false;
        if (c == '*') {
            end = scanner.anchorNameEnd(q + 1);
        } else if (c == '"' || c == '\'') {
            end = scanner.quotedEndOnLine(q);
            jsonLike = true;
        } else if (c == '[' || c == '{') {
            end = scanner.flowEndOnLine(q);
            jsonLike = true;
        } else if (scanner.plainStartsAt(q, flow)) {
            scanner.plainLineEnd(q, flow);
            end = scanner.stopIndex();
            return end < limit && d[end] == ':';
        } else {
            return c == ':' && in.isBlankOrEnd(q + 1);
        }
        if (end < 0) {
            return false;
        }
        while (end < limit && (d[end] == ' ' || d[end] == '\t')) {
            end++;
        }
        return end < limit && d[end] == ':' && (jsonLike && flow || in.isBlankOrEnd(end + 1)
                || flow && in.isFlowIndicator(end + 1));
    }

    // ------------------------------------------------------------------ flow collections

    private int flowSequenceEntry() {
        skipFlowSeparation();
        int p = in.pos;
        int c = in.at(p);
        if (c == ']') {
            in.pos = p + 1;
            return endFlow(SEQUENCE_END);
        }
        if (c == ',') {
            throw in.error(p, "a flow sequence entry or ']', found ','");
        }
        if (++counts[top] > limits.maxSequenceLength()) {
            throw in.error(p, "a sequence within ReadLimits.maxSequenceLength " + limits.maxSequenceLength());
        }
        states[top] = FSEQ_NEXT;
        if ((c == '?' && (in.isBlankOrEnd(p + 1) || in.isFlowIndicator(p + 1))) || valueIndicatorAt(p, false)
                || implicitKeyAhead(p, true)) {
            entryStart = p;
            entryLineStart = in.lineStart;
            nodeStart = p;
            nodeLineStart = in.lineStart;
            clearLineProperties();
            return startCollection(FLOW_PAIR, indents[top], PAIR_KEY, true);
        }
        return flowNode(indents[top]);
    }

    /** After an entry: consumes a ',' and returns true, or consumes {@code close} and returns false. */
    private boolean flowSeparator(char close) {
        skipFlowSeparation();
        int p = in.pos;
        int c = in.at(p);
        if (c == ',') {
            in.pos = p + 1;
            return true;
        }
        if (c == close) {
            in.pos = p + 1;
            return false;
        }
        throw in.error(p, "',' or '" + close + "' in the flow collection");
    }

    private int flowMapKey() {
        skipFlowSeparation();
        int p = in.pos;
        int c = in.at(p);
        if (c == '}') {
            in.pos = p + 1;
            return endFlow(MAPPING_END);
        }
        if (c == ',') {
            throw in.error(p, "a flow mapping entry or '}', found ','");
        }
        states[top] = FMAP_VALUE;
        return flowKey(p, c, '}');
    }

    private int pairKey() {
        int p = in.pos;
        states[top] = PAIR_VALUE;
        return flowKey(p, in.at(p), ']');
    }

    /** The key of a flow mapping entry or pair: explicit ({@code ?}), empty ({@code : v}) or a node. */
    private int flowKey(int p, int c, char close) {
        entryStart = p;
        entryLineStart = in.lineStart;
        if (c == '?' && (in.isBlankOrEnd(p + 1) || in.isFlowIndicator(p + 1))) {
            in.pos = p + 1;
            skipFlowSeparation();
            int q = in.pos;
            int next = in.at(q);
            if (next == ',' || next == close || valueIndicatorAt(q, false)) {
                slot = slot(FLOW_SLOT, 0, indents[top]);
                nodeStart = q;
                nodeLineStart = in.lineStart;
                clearLineProperties();
                return emptyNode();
            }
            return flowNode(indents[top]);
        }
        if (valueIndicatorAt(p, false)) {
            slot = slot(FLOW_SLOT, 0, indents[top]);
            nodeStart = p;
            nodeLineStart = in.lineStart;
            clearLineProperties();
            return emptyNode();
        }
        return flowNode(indents[top]);
    }

    /** A mapping's or pair's value: {@code :} then a node, or nothing before ',' or the end. */
    private int flowMapValue(byte after, char close) {
        skipFlowSeparation();
        int p = in.pos;
        int c = in.at(p);
        states[top] = after;
        if (valueIndicatorAt(p, lastJsonLike)) {
            in.pos = p + 1;
            skipFlowSeparation();
            int q = in.pos;
            int next = in.at(q);
            if (next == ',' || next == close) {
                slot = slot(FLOW_SLOT, 0, indents[top]);
                nodeStart = q;
                nodeLineStart = in.lineStart;
                clearLineProperties();
                return emptyNode();
            }
            return flowNode(indents[top]);
        }
        if (c == ',' || c == close) {
            slot = slot(FLOW_SLOT, 0, indents[top]);
            nodeStart = p;
            nodeLineStart = in.lineStart;
            clearLineProperties();
            return emptyNode();
        }
        throw in.error(p, "':' or ',' or '" + close + "' after the key in the flow collection");
    }

    private boolean valueIndicatorAt(int p, boolean afterJsonLike) {
        return in.at(p) == ':' && (afterJsonLike || in.isBlankOrEnd(p + 1) || in.isFlowIndicator(p + 1));
    }

    /** A node in flow context: properties (which may span lines), then content or nothing. */
    private int flowNode(int minIndent) {
        slot = slot(FLOW_SLOT, 0, minIndent);
        nodeStart = in.pos;
        nodeLineStart = in.lineStart;
        clearLineProperties();
        int c = in.at(in.pos);
        while (c == '&' || c == '!') {
            property(true);
            skipFlowSeparation();
            c = in.at(in.pos);
        }
        adoptLineProperties();
        return flowishNode(true, minIndent);
    }

    /**
     * The content of a node that is not a block collection: an alias, a quoted or plain scalar, or
     * a flow collection (or, with properties, nothing).
     */
    private int flowishNode(boolean flow, int minIndent) {
        int p = in.pos;
        int c = in.at(p);
        switch (c) {
            case '*':
                return alias(p);
            case '"':
                scanner.scanDoubleQuoted(minIndent);
                return quotedScalar();
            case '\'':
                scanner.scanSingleQuoted(minIndent);
                return quotedScalar();
            case '[':
                in.pos = p + 1;
                return startCollection(FLOW_SEQ, minIndent, FSEQ_ENTRY, true);
            case '{':
                in.pos = p + 1;
                return startCollection(FLOW_MAP, minIndent, FMAP_KEY, true);
            default:
                if (scanner.plainStartsAt(p, flow)) {
                    scanner.scanPlain(flow, minIndent, false);
                    return plainScalar();
                }
                if (flow && (c < 0 || c == ',' || c == ']' || c == '}' || valueIndicatorAt(p, false))
                        && (anchorStart >= 0 || tagStart >= 0)) {
                    return emptyNode();
                }
                if (flow && c == '-' && in.isBlankOrEnd(p + 1)) {
                    throw in.error(p, "a flow node: block sequences cannot appear inside a flow collection");
                }
                throw in.error(p, c < 0 ? "a node, but the input ends" : "a node: a scalar, a collection or an alias");
        }
    }

    private int alias(int p) {
        if (anchorStart >= 0 || tagStart >= 0) {
            throw in.error(p, "an alias without an anchor or tag of its own");
        }
        int end = scanner.anchorNameEnd(p + 1);
        aliasStart = p + 1;
        aliasEnd = end;
        in.pos = end;
        lastEnd = end;
        lastJsonLike = false;
        return event = ALIAS;
    }

    private int quotedScalar() {
        lastEnd = in.pos;
        lastJsonLike = true;
        return emitNode(SCALAR);
    }

    private int plainScalar() {
        lastEnd = in.pos;
        lastJsonLike = false;
        return emitNode(SCALAR);
    }

    private int emptyNode() {
        adoptLineProperties();
        scalar.setEmpty(in.pos);
        lastJsonLike = false;
        return emitNode(SCALAR);
    }

    private int startCollection(byte kind, int indent, byte firstState, boolean flow) {
        int level = levels[top] + 1;
        if (level > limits.maxDepth() + 1 || top + 2 >= kinds.length) {
            throw in.error(in.pos, "nesting no deeper than ReadLimits.maxDepth " + limits.maxDepth());
        }
        boolean sequence = kind == BLOCK_SEQ || kind == FLOW_SEQ;
        if (kind != FLOW_PAIR) {
            registerAnchor();
        }
        top++;
        kinds[top] = kind;
        states[top] = firstState;
        indents[top] = indent;
        levels[top] = level;
        counts[top] = 0;
        flowCollection = flow;
        simpleKeyAt = firstState == BMAP_KEY ? keyGate(in.pos) : -1;
        numberStart = -1;
        event = sequence ? SEQUENCE_START : MAPPING_START;
        return event;
    }

    /** Closes the fast path's gate and stores nothing more of its last number: the parser moves elsewhere. */
    private void leaveFastPath() {
        simpleKeyAt = -1;
        numberStart = -1;
    }

    /** {@link #simpleKeyAt} for a block mapping's key at {@code p}: open unless properties are pending or p is past the document's limit. */
    private int keyGate(int p) {
        return anchorStart < 0 && tagStart < 0 ? withinDocument(p) : -1;
    }

    /** {@link #simpleKeyAt} for a key at {@code p} with no properties pending: open unless p is past the document's limit. */
    private int withinDocument(int p) {
        return p <= documentLimit ? p : -1;
    }

    private int emitNode(int type) {
        if (type == SCALAR && scalar.end - scalar.start > maxTextBytes) {
            throw in.error(scalar.start, "a scalar within ReadLimits.maxTextBytes " + limits.maxTextBytes());
        }
        registerAnchor();
        return event = type;
    }

    private void registerAnchor() {
        if (anchorStart >= 0) {
            anchors.add(in.data, anchorStart, anchorEnd, nodeStart, nodeLineStart, slot);
        }
    }

    // ------------------------------------------------------------------ properties

    private void clearLineProperties() {
        anchorStart = -1;
        tagStart = -1;
        lineAnchorStart = -1;
        lineTagStart = -1;
        linePropsStart = -1;
    }

    /** Forgets the properties on the content's line, which belong to a key parsed later. */
    private void dropLineProperties() {
        lineAnchorStart = -1;
        lineTagStart = -1;
        linePropsStart = -1;
    }

    /** Parses the anchor or tag at the position into the line's properties. */
    private void property(boolean flow) {
        int p = in.pos;
        if (linePropsStart < 0) {
            linePropsStart = p;
        }
        if (in.data[p] == '&') {
            if (lineAnchorStart >= 0) {
                throw in.error(p, "one anchor per node");
            }
            int end = scanner.anchorNameEnd(p + 1);
            lineAnchorStart = p + 1;
            lineAnchorEnd = end;
            in.pos = end;
        } else {
            if (lineTagStart >= 0) {
                throw in.error(p, "one tag per node");
            }
            int end = scanner.tagEnd(p, flow);
            int handleEnd = scanner.tagHandleEnd;
            if (handleEnd - p > 2 && in.data[p + 1] != '<' && tagDirectives.find(in.data, p, handleEnd) < 0) {
                throw in.error(p, "a %TAG directive in this document for the tag handle");
            }
            lineTagStart = p;
            lineTagHandleEnd = handleEnd;
            lineTagEnd = end;
            in.pos = end;
        }
        lastEnd = in.pos;
    }

    /** The properties on the content's line belong to the node. */
    private void adoptLineProperties() {
        if (lineAnchorStart >= 0) {
            if (anchorStart >= 0) {
                throw in.error(lineAnchorStart - 1, "one anchor per node");
            }
            anchorStart = lineAnchorStart;
            anchorEnd = lineAnchorEnd;
        }
        if (lineTagStart >= 0) {
            if (tagStart >= 0) {
                throw in.error(lineTagStart, "one tag per node");
            }
            tagStart = lineTagStart;
            tagHandleEnd = lineTagHandleEnd;
            tagEnd = lineTagEnd;
        }
        lineAnchorStart = -1;
        lineTagStart = -1;
        linePropsStart = -1;
    }

    // ------------------------------------------------------------------ separation

    /** Skips blanks, comments and line breaks; returns whether a line break was crossed. */
    private boolean skipSeparation() {
        final byte[] d = in.data;
        final int limit = in.limit;
        boolean crossed = false;
        while (true) {
            int p = in.pos;
            while (p < limit && (d[p] == ' ' || d[p] == '\t')) {
                p++;
            }
            in.pos = p;
            if (p >= limit) {
                return crossed;
            }
            byte b = d[p];
            if (b == '\n' || b == '\r') {
                in.consumeBreak();
                crossed = true;
            } else if (b == '#' && in.commentStartsAt(p)) {
                in.skipComment();
            } else {
                return crossed;
            }
        }
    }

    /**
     * Skips separation inside a flow collection, where lines may break anywhere but content lines
     * must be indented at least the collection's minimum and document markers cannot appear.
     */
    private void skipFlowSeparation() {
        final byte[] d = in.data;
        final int limit = in.limit;
        while (true) {
            int p = in.pos;
            while (p < limit && (d[p] == ' ' || d[p] == '\t')) {
                p++;
            }
            in.pos = p;
            if (p >= limit) {
                throw in.error(p, "the end of the flow collection, but the input ends");
            }
            byte b = d[p];
            if (b == '\n' || b == '\r') {
                in.consumeBreak();
                checkFlowLine();
            } else if (b == '#' && in.commentStartsAt(p)) {
                in.skipComment();
            } else {
                return;
            }
        }
    }

    private void checkFlowLine() {
        final byte[] d = in.data;
        int start = in.lineStart;
        if (in.isDocumentMarker(start)) {
            throw in.error(start, "the end of the flow collection before a document marker");
        }
        int p = start;
        while (p < in.limit && d[p] == ' ') {
            p++;
        }
        int spaces = p - start;
        while (p < in.limit && (d[p] == ' ' || d[p] == '\t')) {
            p++;
        }
        if (p < in.limit && d[p] != '\n' && d[p] != '\r' && d[p] != '#' && spaces < indents[top]) {
            throw in.error(p, "flow content indented more than the block it is in (at least " + indents[top]
                    + (indents[top] == 1 ? " space); is a closing bracket missing?" : " spaces); is a closing bracket missing?"));
        }
    }

    /** At the end of the input, or at a document marker at the start of a line. */
    private boolean atBoundary() {
        int p = in.pos;
        return p >= in.limit || in.documentMarkerAt(p);
    }

    // ------------------------------------------------------------------ aliases and re-reading

    /**
     * Positions the parser to read, again, the node of the anchor the current {@link #ALIAS}
     * event names, as if it stood where the alias does; {@link #exitAlias()} returns to the
     * alias afterwards. Nested aliases stack.
     *
     * @throws WireException if no anchor of that name precedes the alias, or the nesting of
     *                       aliases inside aliases exceeds the frame stack, or the document has
     *                       already re-read {@link ReadLimits#maxAliasedBytes} through aliases
     */
    public void enterAlias() {
        int entry = anchors.find(in.data, aliasStart, aliasEnd, aliasStart - 1);
        if (entry < 0) {
            throw in.error(aliasStart - 1, "an alias to an anchor defined before it");
        }
        if (top + 2 >= kinds.length) {
            throw in.error(aliasStart - 1, "aliases nested no deeper than ReadLimits.maxDepth " + limits.maxDepth());
        }
        aliasPositions[aliasDepth] = in.pos;
        aliasLineStarts[aliasDepth] = in.lineStart;
        aliasTops[aliasDepth] = top;
        aliasLastEnds[aliasDepth] = lastEnd;
        aliasNodeStarts[aliasDepth] = anchors.nodeStart(entry);
        aliasDepth++;
        long entrySlot = anchors.slot(entry);
        top++;
        kinds[top] = ALIAS_ROOT;
        states[top] = ROOT_NODE;
        indents[top] = (int) entrySlot;
        levels[top] = levels[top - 1];
        counts[top] = (int) (entrySlot >>> 32);
        in.pos = anchors.nodeStart(entry);
        in.lineStart = anchors.nodeLineStart(entry);
        pushedBack = false;
        leaveFastPath();
    }

    /**
     * After {@link #enterAlias()} and {@link #exitAlias()} looked at the first event of the node an
     * {@link #ALIAS} event names: makes the next {@link #next()} return that alias again, so a
     * reader can see what an alias stands for and still leave it unread. The alias's name is
     * where it was: the node read in between, being anchored, cannot itself be an alias.
     */
    public void pushBackAlias() {
        event = ALIAS;
        anchorStart = -1;
        tagStart = -1;
        pushBack();
    }

    /**
     * Returns to the position after the alias, once its node has been read, and counts the bytes
     * re-read against {@link ReadLimits#maxAliasedBytes}.
     *
     * @throws WireException if the document has now re-read more than that through aliases
     */
    public void exitAlias() {
        aliasDepth--;
        // the span holds a nested alias by its name only; its node was counted when it returned
        aliasedBytes += Math.max(0, in.pos - aliasNodeStarts[aliasDepth]);
        if (aliasedBytes > limits.maxAliasedBytes()) {
            throw in.error(aliasPositions[aliasDepth], "no more bytes re-read through aliases than ReadLimits.maxAliasedBytes "
                    + limits.maxAliasedBytes());
        }
        in.pos = aliasPositions[aliasDepth];
        in.lineStart = aliasLineStarts[aliasDepth];
        top = aliasTops[aliasDepth];
        lastEnd = aliasLastEnds[aliasDepth];
        pushedBack = false;
        leaveFastPath();
    }

    private int aliasedNode() {
        int kind = counts[top] >>> 8;
        int flags = counts[top] & 0xFF;
        int indent = indents[top];
        states[top] = ROOT_DONE;
        lastEnd = in.pos - 1;
        return switch (kind) {
            case KEY_SLOT -> keyNode(indent);
            case FLOW_SLOT -> flowNode(indent);
            default -> blockNode(indent, flags);
        };
    }

    private static long slot(int kind, int flags, int indent) {
        return (long) (kind << 8 | flags) << 32 | indent & 0xFFFFFFFFL;
    }

    /** Frame index of the innermost open collection (or of the document, 0). */
    public int depth() {
        return top;
    }

    /** Frame state, kind and indentation of the innermost frame, packed for {@link #resumeEntry}. */
    public long frame() {
        return (long) kinds[top] << 56 | (long) (levels[top] & 0xFF_FFFF) << 32 | indents[top] & 0xFFFFFFFFL;
    }

    /**
     * Restores the mapping frame {@code frame} (from {@link #frame()}) at frame index
     * {@code depth}, positioned at the entry that began at {@code start} on the line starting at
     * {@code lineStart}; the next event is that entry's key.
     */
    public void resumeEntry(int depth, long frame, int start, int lineStart) {
        byte kind = (byte) (frame >>> 56);
        top = depth;
        kinds[top] = kind;
        states[top] = kind == BLOCK_MAP ? BMAP_KEY : kind == FLOW_MAP ? FMAP_KEY : PAIR_KEY;
        levels[top] = (int) (frame >>> 32) & 0xFF_FFFF;
        indents[top] = (int) frame;
        in.pos = start;
        in.lineStart = lineStart;
        pushedBack = false;
        leaveFastPath();
        if (kind == BLOCK_MAP) {
            simpleKeyAt = keyGate(start);
        }
    }

    /**
     * Returns to the state after a collection whose frame was at index {@code depth}: the
     * position and line recorded when its end event was returned, and the frames below it.
     */
    public void resumeAfter(int depth, int position, int lineStart, int endOfLastNode) {
        top = depth - 1;
        in.pos = position;
        in.lineStart = lineStart;
        lastEnd = endOfLastNode;
        pushedBack = false;
        leaveFastPath();
    }

    // ------------------------------------------------------------------ event details

    /** The current event's scalar (valid after {@link #SCALAR}). */
    public Scalar scalar() {
        final int start = numberStart;
        if (start >= 0) {
            scalar.set(Scalar.PLAIN, start, in.lineStart - 1, true);
            numberStart = -1;
        }
        return scalar;
    }

    /** Whether the current collection start event opens a flow collection. */
    public boolean flowCollection() {
        return flowCollection;
    }

    /** Whether the current event has an anchor. */
    public boolean hasAnchor() {
        return anchorStart >= 0;
    }

    /** Whether the current event has a tag. */
    public boolean hasTag() {
        return tagStart >= 0;
    }

    /** Start of the current event's anchor name, or of the alias's name after {@link #ALIAS}. */
    public int anchorStart() {
        return event == ALIAS ? aliasStart : anchorStart;
    }

    /** End of the anchor or alias name. */
    public int anchorEnd() {
        return event == ALIAS ? aliasEnd : anchorEnd;
    }

    /** Start of the tag token as written ({@code !!str}, {@code !e!x}, {@code !<uri>}), or -1. */
    public int tagStart() {
        return tagStart;
    }

    /**
     * Appends the current event's full tag ({@code !!str} becomes {@code tag:yaml.org,2002:str})
     * to {@code target}; allocates nothing while it has room.
     */
    public void resolveTag(Bytes target) {
        if (!tagDirectives.resolve(in.data, tagStart, tagHandleEnd, tagEnd, target)) {
            throw in.error(tagStart, "a %TAG directive for the tag handle");
        }
    }

    /** Start of the current mapping entry (its key, or the {@code ?} before it). */
    public int entryStart() {
        return entryStart;
    }

    /** Start of the line the current mapping entry is on. */
    public int entryLineStart() {
        return entryLineStart;
    }

    /** The parser's position: after the current event. */
    public int position() {
        return in.pos;
    }

    /** Start of the line the position is on. */
    public int lineStart() {
        return in.lineStart;
    }

    /** End of the last node's text, for {@link #resumeAfter}. */
    public int lastEnd() {
        return lastEnd;
    }

    /** The input array. */
    public byte[] data() {
        return in.data;
    }

    /** Offset in the source {@link Bytes} of {@code data()[0]}. */
    public int base() {
        return in.base;
    }

    /** End of the input. */
    public int limit() {
        return in.limit;
    }

    /** An exception for bad input at index {@code p} of the input. Allocates. */
    public WireException error(int p, String expected) {
        return in.error(p, expected);
    }
}
