package io.zwire.yaml.parse;

import io.zwire.ReadLimits;

import static io.zwire.yaml.parse.YamlParser.MAPPING_END;
import static io.zwire.yaml.parse.YamlParser.SEQUENCE_END;

/**
 * The flow collections of YAML's grammar ({@code [a, b]}, {@code {k: v}} and the single pairs of
 * {@code [k: v]}), a part of {@link YamlParser}: see {@link GrammarState} for how the parts share
 * one state.
 */
abstract class FlowGrammar extends GrammarState {
    FlowGrammar(String wire, ReadLimits limits) {
        super(wire, limits);
    }

    final int flowSequenceEntry() {
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
    final boolean flowSeparator(char close) {
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

    final int flowMapKey() {
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

    final int pairKey() {
        int p = in.pos;
        states[top] = PAIR_VALUE;
        return flowKey(p, in.at(p), ']');
    }

    /** The key of a flow mapping entry or pair: explicit ({@code ?}), empty ({@code : v}) or a node. */
    final int flowKey(int p, int c, char close) {
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
    final int flowMapValue(byte after, char close) {
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

    /** A node in flow context: properties (which may span lines), then content or nothing. */
    final int flowNode(int minIndent) {
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
    final int flowishNode(boolean flow, int minIndent) {
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
}
