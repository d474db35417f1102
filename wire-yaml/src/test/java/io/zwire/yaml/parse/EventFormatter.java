package io.zwire.yaml.parse;

import io.zwire.Bytes;
import io.zwire.ReadLimits;

import java.nio.charset.StandardCharsets;

/**
 * Formats the parser's events as the yaml-test-suite's {@code test.event} files do, so the
 * parser can be compared with the suite event by event.
 */
public final class EventFormatter {
    private EventFormatter() {
    }

    /** The events of every document in {@code yaml}. */
    public static String events(byte[] yaml) {
        Bytes bytes = Bytes.wrap(yaml);
        YamlParser parser = new YamlParser("YAML", ReadLimits.defaults());
        parser.reset(bytes, yaml, 0, 0, yaml.length);
        StringBuilder out = new StringBuilder("+STR\n");
        Bytes scratch = Bytes.elastic(64);
        while (parser.startDocument()) {
            out.append(parser.explicitStart() ? "+DOC ---\n" : "+DOC\n");
            while (true) {
                int event = parser.next();
                if (event == YamlParser.DOCUMENT_END) {
                    out.append(parser.explicitEnd() ? "-DOC ...\n" : "-DOC\n");
                    break;
                }
                switch (event) {
                    case YamlParser.MAPPING_START -> out.append("+MAP").append(parser.flowCollection() ? " {}" : "");
                    case YamlParser.SEQUENCE_START -> out.append("+SEQ").append(parser.flowCollection() ? " []" : "");
                    case YamlParser.MAPPING_END -> out.append("-MAP");
                    case YamlParser.SEQUENCE_END -> out.append("-SEQ");
                    case YamlParser.ALIAS -> out.append("=ALI *").append(text(yaml, parser.anchorStart(), parser.anchorEnd()));
                    default -> out.append("=VAL");
                }
                if (event == YamlParser.MAPPING_START || event == YamlParser.SEQUENCE_START || event == YamlParser.SCALAR) {
                    if (parser.hasAnchor()) {
                        out.append(" &").append(text(yaml, parser.anchorStart(), parser.anchorEnd()));
                    }
                    if (parser.hasTag()) {
                        scratch.clear();
                        parser.resolveTag(scratch);
                        out.append(" <").append(TextValues.toString(scratch, 0, scratch.writePosition())).append('>');
                    }
                }
                if (event == YamlParser.SCALAR) {
                    Scalar scalar = parser.scalar();
                    out.append(' ').append(":'\"|>".charAt(scalar.style()));
                    scratch.clear();
                    ScalarDecoder.decode(yaml, scalar, scratch);
                    String value = TextValues.toString(scratch, 0, scratch.writePosition());
                    for (int i = 0; i < value.length(); i++) {
                        char c = value.charAt(i);
                        switch (c) {
                            case '\\' -> out.append("\\\\");
                            case '\n' -> out.append("\\n");
                            case '\t' -> out.append("\\t");
                            case '\r' -> out.append("\\r");
                            case '\b' -> out.append("\\b");
                            default -> out.append(c);
                        }
                    }
                }
                out.append('\n');
            }
        }
        return out.append("-STR\n").toString();
    }

    private static String text(byte[] data, int start, int end) {
        return new String(data, start, end - start, StandardCharsets.UTF_8);
    }
}
