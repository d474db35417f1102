package io.zwire.yaml.parse;

import io.zwire.ReadLimits;

import static io.zwire.yaml.parse.YamlParser.ALIAS;
import static io.zwire.yaml.parse.YamlParser.MAPPING_START;
import static io.zwire.yaml.parse.YamlParser.SCALAR;
import static io.zwire.yaml.parse.YamlParser.SEQUENCE_START;

/**
 * The state of a {@link YamlParser} and the rules every part of its grammar shares: the frame
 * stack, the current event and its node's properties, starting collections and emitting nodes,
 * separation between tokens, and the interface {@link SimpleLineScanner} reads lines through.
 *
 * <p>The grammar is one state machine over one state, split by part of the grammar into a chain of
 * classes: this one, {@link FlowGrammar} (flow collections), {@link BlockGrammar} (block
 * collections) and {@link YamlParser} (documents, events, aliases and what a reader asks). Each
 * part reads and writes the state as fields of its own object, as a single class would, so the
 * hot path pays no indirection and C2 binds every call directly (the methods are final or
 * private, the last class final), while each file holds one part of the grammar. The trade-off is
 * that the parts are not separately usable; none needs to be.
 */
abstract class GrammarState {
    /** Frame kinds. */
    static final byte DOC = 0;
    static final byte BLOCK_MAP = 1;
    static final byte BLOCK_SEQ = 2;
    static final byte FLOW_MAP = 3;
    static final byte FLOW_SEQ = 4;
    /** A single-pair mapping inside a flow sequence: {@code [a: b]}. */
    static final byte FLOW_PAIR = 5;
    /** The node an alias re-reads. */
    static final byte ALIAS_ROOT = 6;

    /** States: what the frame expects next. */
    static final byte DOC_ROOT = 0;
    static final byte DOC_END = 1;
    static final byte BMAP_KEY = 2;
    static final byte BMAP_VALUE = 3;
    static final byte BMAP_EXPLICIT_VALUE = 4;
    static final byte BMAP_NEXT = 5;
    static final byte BSEQ_ENTRY = 6;
    static final byte BSEQ_NEXT = 7;
    static final byte FSEQ_ENTRY = 8;
    static final byte FSEQ_NEXT = 9;
    static final byte FMAP_KEY = 10;
    static final byte FMAP_VALUE = 11;
    static final byte FMAP_NEXT = 12;
    static final byte PAIR_KEY = 13;
    static final byte PAIR_VALUE = 14;
    static final byte PAIR_END = 15;
    static final byte ROOT_NODE = 16;
    static final byte ROOT_DONE = 17;

    /** Slots a node can fill, recorded with anchors so the node can be parsed again. */
    static final int BLOCK_SLOT = 0;
    static final int KEY_SLOT = 1;
    static final int FLOW_SLOT = 2;
    /** Block slot flags: a collection may start on the indicator's line; a sequence may sit at the parent's indentation; a line break came before the node. */
    static final int COMPACT = 1;
    static final int INDENTLESS = 2;
    static final int CROSSED = 4;

    final TextInput in;
    final Scalar scalar = new Scalar();
    final ScalarScanner scanner;
    final AnchorTable anchors = new AnchorTable();
    final TagDirectives tagDirectives = new TagDirectives();
    final ReadLimits limits;
    final int maxTextBytes;

    final byte[] kinds;
    final byte[] states;
    final int[] indents;
    /** Open collections up to and including the frame. */
    final int[] levels;
    /** Block mapping: the line the current key started on. Sequences: entries so far. */
    final int[] counts;
    int top = -1;

    // the current event
    int event;
    boolean flowCollection;
    int anchorStart = -1;
    int anchorEnd;
    int tagStart = -1;
    int tagHandleEnd;
    int tagEnd;
    int aliasStart;
    int aliasEnd;
    int nodeStart;
    int nodeLineStart;
    long slot;
    int entryStart;
    int entryLineStart;
    boolean pushedBack;
    /**
     * Where the line scanner ({@link SimpleLineScanner}) may read the current block mapping's next
     * "key: value" line, or -1: the position of a key in state BMAP_KEY, with no event pushed
     * back, no node properties pending and within {@link #documentLimit}. Set only where those
     * hold (a mapping's start, a line the scanner read, {@link YamlParser#resumeEntry}); every other
     * move of the parser clears it. So the scanner tests one field against the position
     * where it would test four, and a cleared gate costs only the general path.
     */
    int simpleKeyAt = -1;
    /** {@link #simpleKeyAt} while an event is pushed back, restored when it is returned again. */
    int pushedKeyAt = -1;
    /**
     * The start of the number the line scanner read last when the next key followed it, until
     * {@link YamlParser#scalar()} stores it as the scalar (it ends at the line break before
     * {@link TextInput#lineStart}); -1 when {@link #scalar} is the current event's. Most
     * numbers are taken from {@link SimpleLineScanner#decimal()} and never asked for as text.
     */
    int numberStart = -1;

    // properties on the line of the content, before they are known to belong to it or to a key
    int lineAnchorStart = -1;
    int lineAnchorEnd;
    int lineTagStart = -1;
    int lineTagHandleEnd;
    int lineTagEnd;
    int linePropsStart = -1;

    /** Index just past the last node's text: content after it on the same line is an error in block context. */
    int lastEnd;
    /** Whether the last node was quoted or a flow collection, after which a flow ':' needs no blank. */
    boolean lastJsonLike;

    // the document and the stream
    /** The position past which the document exceeds {@link ReadLimits#maxDocumentBytes}. */
    int documentLimit;
    boolean explicitStart;
    boolean explicitEnd;
    /** Where the last document ended, so the stream rules carry over when the next starts there. */
    int streamResume = -1;
    boolean previousEndedExplicitly = true;

    // aliases being re-read
    final int[] aliasPositions;
    final int[] aliasLineStarts;
    final int[] aliasTops;
    final int[] aliasLastEnds;
    final int[] aliasNodeStarts;
    int aliasDepth;
    /** Bytes re-read through aliases in this document, against {@link ReadLimits#maxAliasedBytes}. */
    long aliasedBytes;

    GrammarState(String wire, ReadLimits limits) {
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
    }

    // ------------------------------------------------------------------ nodes, properties and separation

    final int end(int type) {
        top--;
        lastJsonLike = false;
        return event = type;
    }

    final int endFlow(int type) {
        top--;
        lastJsonLike = true;
        lastEnd = in.pos;
        return event = type;
    }

    final int startCollection(byte kind, int indent, byte firstState, boolean flow) {
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
    final void leaveFastPath() {
        simpleKeyAt = -1;
        numberStart = -1;
    }

    /** {@link #simpleKeyAt} for a block mapping's key at {@code p}: open unless properties are pending or p is past the document's limit. */
    final int keyGate(int p) {
        return anchorStart < 0 && tagStart < 0 ? withinDocument(p) : -1;
    }

    /** {@link #simpleKeyAt} for a key at {@code p} with no properties pending: open unless p is past the document's limit. */
    final int withinDocument(int p) {
        return p <= documentLimit ? p : -1;
    }

    final int emitNode(int type) {
        if (type == SCALAR && scalar.end - scalar.start > maxTextBytes) {
            throw in.error(scalar.start, "a scalar within ReadLimits.maxTextBytes " + limits.maxTextBytes());
        }
        registerAnchor();
        return event = type;
    }

    final void registerAnchor() {
        if (anchorStart >= 0) {
            anchors.add(in.data, anchorStart, anchorEnd, nodeStart, nodeLineStart, slot);
        }
    }

    final int alias(int p) {
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

    final int quotedScalar() {
        lastEnd = in.pos;
        lastJsonLike = true;
        return emitNode(SCALAR);
    }

    final int plainScalar() {
        lastEnd = in.pos;
        lastJsonLike = false;
        return emitNode(SCALAR);
    }

    final int emptyNode() {
        adoptLineProperties();
        scalar.setEmpty(in.pos);
        lastJsonLike = false;
        return emitNode(SCALAR);
    }

    static long slot(int kind, int flags, int indent) {
        return (long) (kind << 8 | flags) << 32 | indent & 0xFFFFFFFFL;
    }

    final void clearLineProperties() {
        anchorStart = -1;
        tagStart = -1;
        lineAnchorStart = -1;
        lineTagStart = -1;
        linePropsStart = -1;
    }

    /** Forgets the properties on the content's line, which belong to a key parsed later. */
    final void dropLineProperties() {
        lineAnchorStart = -1;
        lineTagStart = -1;
        linePropsStart = -1;
    }

    /** Parses the anchor or tag at the position into the line's properties. */
    final void property(boolean flow) {
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
    final void adoptLineProperties() {
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

    /** Skips blanks, comments and line breaks; returns whether a line break was crossed. */
    final boolean skipSeparation() {
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
    final void skipFlowSeparation() {
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

    final void checkFlowLine() {
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
    final boolean atBoundary() {
        int p = in.pos;
        return p >= in.limit || in.documentMarkerAt(p);
    }

    /**
     * Whether the node at {@code p} (with any properties) ends on this line and is followed by a
     * {@code :} that makes it an implicit key.
     */
    final boolean implicitKeyAhead(int p, boolean flow) {
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

    final boolean containsTab(int from, int to) {
        for (int p = from; p < to; p++) {
            if (in.data[p] == '\t') {
                return true;
            }
        }
        return false;
    }

    /** Whether content on a new line belongs to a block slot of indentation {@code n}. */
    final boolean inSlot(int n, int flags) {
        int spaces = in.leadingSpaces();
        if (spaces > n) {
            return true;
        }
        int p = in.pos;
        return spaces == n && (flags & INDENTLESS) != 0 && p - in.lineStart == spaces && in.data[p] == '-'
                && in.isBlankOrEnd(p + 1);
    }

    final boolean valueIndicatorAt(int p, boolean afterJsonLike) {
        return in.at(p) == ':' && (afterJsonLike || in.isBlankOrEnd(p + 1) || in.isFlowIndicator(p + 1));
    }

    // ------------------------------------------------------------------ the line scanner's interface

    /*
     * SimpleLineScanner reads the commonest block mapping entry, a "key: value" line, in one step.
     * These methods are all it sees of the parser: the gate saying where such a line may be read,
     * the mapping's indentation, and one call per kind of line it read, each leaving exactly the
     * state the general path would after the key and the value.
     */

    /** The input, shared with the line scanner. */
    final TextInput input() {
        return in;
    }

    /** {@link ReadLimits#maxTextBytes}, which a line the scanner reads must keep to. */
    final int maxTextBytes() {
        return maxTextBytes;
    }

    /**
     * Where the line scanner may read the current block mapping's next "key: value" line, or -1:
     * the position of a key in state BMAP_KEY, with no event pushed back, no node properties
     * pending and within {@link #documentLimit}.
     */
    final int simpleKeyAt() {
        return simpleKeyAt;
    }

    /** The indentation of the current collection: the block mapping the scanner reads lines of. */
    final int mappingIndent() {
        return indents[top];
    }

    /**
     * The scanner read a value in {@code [valueStart, valueEnd)} ending at {@code end}, and the
     * next line holds a key of this mapping at {@code key}, on the line starting at
     * {@code nextLine}: the scalar is the current event and the mapping is at that key.
     */
    final int valueThenKey(int style, int valueStart, int valueEnd, int end, int key, int nextLine) {
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
    final int valueLast(int style, int valueStart, int valueEnd, int end) {
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
    final int numberThenKey(int start, int key, int nextLine) {
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
    final int nestedMapping(int colon, int key, int lineStart, int indent) {
        in.pos = key;
        in.lineStart = lineStart;
        lastEnd = colon;
        lastJsonLike = false;
        anchorStart = -1;
        tagStart = -1;
        states[top] = BMAP_NEXT;
        return startCollection(BLOCK_MAP, indent, BMAP_KEY, false);
    }
}
