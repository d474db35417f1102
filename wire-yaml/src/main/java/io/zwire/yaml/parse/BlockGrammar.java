package io.zwire.yaml.parse;

import io.zwire.ReadLimits;

import static io.zwire.yaml.parse.YamlParser.SCALAR;

/**
 * The block collections of YAML's grammar (indented mappings and sequences, explicit keys) and the
 * nodes that fill their slots, a part of {@link YamlParser}: see {@link GrammarState} for how the
 * parts share one state.
 */
abstract class BlockGrammar extends FlowGrammar {
    /** Reads a simple value after a key's ": " in one scan, as the reader's scanner reads whole lines. */
    private final SimpleLineScanner lineValues;

    BlockGrammar(String wire, ReadLimits limits) {
        super(wire, limits);
        lineValues = new SimpleLineScanner(this);
    }

    final int mapKey() {
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
    final int keyNode(int mapIndent) {
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

    final int mapValue() {
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

    final int explicitValue() {
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

    /** After a mapping value: true if another entry follows at this mapping's indentation. */
    final boolean nextMapEntry() {
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

    final int sequenceEntry() {
        int p = in.pos;
        if (++counts[top] > limits.maxSequenceLength()) {
            throw in.error(p, "a sequence within ReadLimits.maxSequenceLength " + limits.maxSequenceLength());
        }
        in.pos = p + 1;
        states[top] = BSEQ_NEXT;
        return blockNode(indents[top], COMPACT);
    }

    final boolean nextSequenceEntry() {
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
    final int blockNode(int n, int flags) {
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
}
