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
 *
 * <p>This class holds documents, events, aliases and what a reader asks of them; the rest of the
 * grammar is in the package-private classes it extends (block collections, flow collections, and
 * the state with the rules they share). The commonest entry of a block mapping, a "key: value"
 * line, a reader reads in one step with a {@link SimpleLineScanner} over this parser.
 */
public final class YamlParser extends BlockGrammar {
    /** Events. */
    public static final int MAPPING_START = 1;
    public static final int MAPPING_END = 2;
    public static final int SEQUENCE_START = 3;
    public static final int SEQUENCE_END = 4;
    public static final int SCALAR = 5;
    public static final int ALIAS = 6;
    public static final int DOCUMENT_END = 7;

    /**
     * A parser for the limits given.
     *
     * @param wire the wire's name, for errors
     * @param limits the limits on depth, sizes and aliases
     */
    public YamlParser(String wire, ReadLimits limits) {
        super(wire, limits);
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

    // ------------------------------------------------------------------ the root mapping

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

    /**
     * Consumes the rest of the node whose first event, {@code event}, was just read, without
     * expanding aliases: nothing for a scalar or an alias, the events to the matching end for a
     * collection.
     *
     * @param event the node's first event
     * @throws WireException on bad input within the node
     */
    public void skipNode(int event) {
        if (event != MAPPING_START && event != SEQUENCE_START) {
            return;
        }
        int open = 1;
        while (open > 0) {
            int next = next();
            if (next == MAPPING_START || next == SEQUENCE_START) {
                open++;
            } else if (next == MAPPING_END || next == SEQUENCE_END) {
                open--;
            }
        }
    }

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
