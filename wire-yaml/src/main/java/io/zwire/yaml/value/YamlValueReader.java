package io.zwire.yaml.value;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Tagged;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.ValueKeys;
import io.zwire.text.base64.Base64Text;
import io.zwire.text.number.PlainDecimal;
import io.zwire.yaml.parse.CoreSchema;
import io.zwire.yaml.parse.Scalar;
import io.zwire.yaml.parse.ScalarDecoder;
import io.zwire.yaml.parse.TextValues;
import io.zwire.yaml.parse.YamlParser;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds one YAML document as plain Java values ({@link io.zwire.Wire#readValue}): mappings as
 * insertion-ordered {@code Map}s, sequences as {@code List}s, plain scalars resolved by the YAML
 * 1.2 core schema ({@code null}, {@code Boolean}, {@code Long} or {@code BigInteger},
 * {@code Double} when the double is exactly the number written, else {@code BigDecimal}: see
 * {@link PlainDecimal}),
 * other scalars as {@code String}s, {@code !!binary} as {@code byte[]}, and nodes with any other
 * tag as {@link Tagged} (a local tag {@code !Order} gives the tag {@code Order}).
 *
 * <p>Built with an explicit stack, so depth costs no Java stack. An alias yields the very object
 * its anchor produced; each alias counts, with every alias inside the anchored node, against
 * {@link ReadLimits#maxAliasExpansions}, so a "billion laughs" document fails instead of growing
 * exponentially in whatever consumes the result. An alias to a node still being built (a cycle)
 * and a duplicate key are errors, and so are more than {@link ReadLimits#maxComplexKeys} keys in
 * one mapping that are collections or tagged nodes. Allocates freely: this is the tools path.
 */
public final class YamlValueReader {
    private static final String YAML_TAG = "tag:yaml.org,2002:";

    private final YamlParser parser;
    private final ReadLimits limits;
    private final Bytes scratch = Bytes.elastic(64);
    private final Map<String, Object> anchored = new HashMap<>();
    private final Map<String, Long> weights = new HashMap<>();
    private final Object building = new Object();
    private long expansions;

    /** A reader of the documents {@code parser} has started; keys of numbered documents come out as {@code Long}s. */
    public YamlValueReader(YamlParser parser, ReadLimits limits) {
        this.parser = parser;
        this.limits = limits;
    }

    /** One open collection. */
    private static final class Open {
        final Object collection;
        final String anchor;
        final String tag;
        final long expansionsBefore;
        Object key;
        boolean hasKey;
        int keyStart;
        /** Keys so far that are collections or tagged, against {@link ReadLimits#maxComplexKeys}. */
        int complexKeys;
        /** A mapping's keys in {@link ValueKeys}' normal form, so keys equal by value are found twice; made at the first value. */
        Set<Object> normalKeys;

        Open(Object collection, String anchor, String tag, long expansionsBefore) {
            this.collection = collection;
            this.anchor = anchor;
            this.tag = tag;
            this.expansionsBefore = expansionsBefore;
        }
    }

    /**
     * Reads the document the parser has just started, through its end.
     *
     * @throws io.zwire.WireException on bad input
     */
    public Object readDocument() {
        List<Open> stack = new ArrayList<>();
        Object root = null;
        while (true) {
            int event = parser.next();
            Object value;
            int start = parser.position();
            switch (event) {
                case YamlParser.DOCUMENT_END:
                    return root;
                case YamlParser.MAPPING_START, YamlParser.SEQUENCE_START: {
                    String anchor = anchorName();
                    String tag = parser.hasTag() ? tag() : null;
                    if (tag != null) {
                        requireKindOfTag(tag, event == YamlParser.MAPPING_START ? "a mapping" : "a sequence", start);
                    }
                    Object collection = event == YamlParser.MAPPING_START ? new LinkedHashMap<>() : new ArrayList<>();
                    if (anchor != null) {
                        anchored.put(anchor, building);
                    }
                    stack.add(new Open(collection, anchor, tag, expansions));
                    continue;
                }
                case YamlParser.MAPPING_END, YamlParser.SEQUENCE_END: {
                    Open open = stack.remove(stack.size() - 1);
                    value = open.tag == null || isCoreCollectionTag(open.tag) ? open.collection
                            : new Tagged(localName(open.tag), open.collection);
                    if (open.anchor != null) {
                        anchored.put(open.anchor, value);
                        weights.put(open.anchor, 1 + expansions - open.expansionsBefore);
                    }
                    break;
                }
                case YamlParser.ALIAS: {
                    String name = text(parser.data(), parser.anchorStart(), parser.anchorEnd());
                    if (!anchored.containsKey(name)) {
                        throw parser.error(parser.anchorStart() - 1, "an alias to an anchor defined before it");
                    }
                    value = anchored.get(name);
                    if (value == building) {
                        throw parser.error(parser.anchorStart() - 1, "an alias to a complete node (this one refers to a node that contains it)");
                    }
                    expansions += weights.getOrDefault(name, 1L);
                    if (expansions > limits.maxAliasExpansions()) {
                        throw parser.error(parser.anchorStart() - 1, "no more alias expansions than ReadLimits.maxAliasExpansions "
                                + limits.maxAliasExpansions());
                    }
                    break;
                }
                default: {
                    String anchor = anchorName();
                    value = scalar();
                    if (anchor != null) {
                        anchored.put(anchor, value);
                        weights.put(anchor, 1L);
                    }
                    break;
                }
            }
            if (stack.isEmpty()) {
                root = value;
                continue;
            }
            Open open = stack.get(stack.size() - 1);
            if (open.collection instanceof List<?>) {
                @SuppressWarnings("unchecked") // the collection was created here as an ArrayList<Object>
                List<Object> list = (List<Object>) open.collection;
                list.add(value);
            } else if (!open.hasKey) {
                if ((value instanceof List<?> || value instanceof Map<?, ?> || value instanceof Tagged)
                        && ++open.complexKeys > limits.maxComplexKeys()) {
                    throw parser.error(Math.min(start, parser.limit()),
                            "no more collection or tagged keys in one mapping than ReadLimits.maxComplexKeys "
                                    + limits.maxComplexKeys());
                }
                open.key = value;
                open.hasKey = true;
                open.keyStart = start;
            } else {
                @SuppressWarnings("unchecked") // the collection was created here as a LinkedHashMap<Object, Object>
                Map<Object, Object> map = (Map<Object, Object>) open.collection;
                if (open.normalKeys == null) {
                    open.normalKeys = new HashSet<>();
                }
                if (!open.normalKeys.add(ValueKeys.normal(open.key))) {
                    throw parser.error(Math.min(open.keyStart, parser.limit()), "unique keys in a mapping, found "
                            + ValueKeys.describe(open.key) + " twice");
                }
                map.put(open.key, value);
                open.hasKey = false;
            }
        }
    }

    private String anchorName() {
        return parser.hasAnchor() ? text(parser.data(), parser.anchorStart(), parser.anchorEnd()) : null;
    }

    private String tag() {
        scratch.clear();
        parser.resolveTag(scratch);
        return TextValues.toString(scratch, 0, scratch.writePosition());
    }

    /**
     * Refuses a node whose YAML tag names another kind of node ({@code !!map} on a sequence,
     * {@code !!seq} or {@code !!str} on a mapping, {@code !!map} on a scalar): the tag is part of
     * the data, and a reader that ignored it would change what the document says.
     */
    private void requireKindOfTag(String tag, String kind, int offset) {
        if (!tag.startsWith(YAML_TAG)) {
            return;
        }
        String named = switch (tag.substring(YAML_TAG.length())) {
            case "map", "set" -> "a mapping";
            case "seq", "omap", "pairs" -> "a sequence";
            case "str", "null", "bool", "int", "float", "binary", "timestamp" -> "a scalar";
            default -> kind;
        };
        if (!named.equals(kind)) {
            throw parser.error(Math.min(offset, parser.limit()), named + ", as its tag " + "!!"
                    + tag.substring(YAML_TAG.length()) + " says, but the node is " + kind);
        }
    }

    private static boolean isCoreCollectionTag(String tag) {
        return tag.equals("!") || tag.equals(YAML_TAG + "map") || tag.equals(YAML_TAG + "seq")
                || tag.equals(YAML_TAG + "omap") || tag.equals(YAML_TAG + "set");
    }

    /** A local tag without its '!'; any other tag as it is. */
    private static String localName(String tag) {
        return tag.length() > 1 && tag.charAt(0) == '!' ? tag.substring(1) : tag;
    }

    private static String text(byte[] data, int start, int end) {
        return new String(data, start, end - start, StandardCharsets.UTF_8);
    }

    private Object scalar() {
        Scalar scalar = parser.scalar();
        byte[] data = parser.data();
        String tag = parser.hasTag() ? tag() : null;
        int start = scalar.start();
        int end = scalar.end();
        if (!scalar.simple()) {
            scratch.clear();
            ScalarDecoder.decode(data, scalar, scratch);
            data = BytesAccess.array(scratch);
            start = 0;
            end = scratch.writePosition();
        }
        if (tag == null) {
            return scalar.plain() ? resolvePlain(data, start, end) : text(data, start, end, scalar);
        }
        if (tag.startsWith(YAML_TAG)) {
            requireKindOfTag(tag, "a scalar", scalar.start());
            String type = tag.substring(YAML_TAG.length());
            try {
                switch (type) {
                    case "str":
                        return text(data, start, end, scalar);
                    case "null":
                        return null;
                    case "bool": {
                        int bool = CoreSchema.bool(data, start, end);
                        if (bool >= 0) {
                            return bool == 1;
                        }
                        break;
                    }
                    case "int":
                        if (CoreSchema.isInteger(data, start, end)) {
                            return integer(data, start, end);
                        }
                        break;
                    case "float":
                        if (CoreSchema.isFloat(data, start, end) || CoreSchema.isInteger(data, start, end)) {
                            return decimal(data, start, end);
                        }
                        break;
                    case "binary": {
                        if (Base64Text.firstInvalid(data, start, end, Base64Text.BLANKS) < 0) {
                            byte[] bytes = new byte[Base64Text.decodedLength(data, start, end)];
                            Base64Text.decode(data, start, end, bytes);
                            return bytes;
                        }
                        break;
                    }
                    default:
                        return new Tagged(tag, text(data, start, end, scalar));
                }
            } catch (NumberFormatException e) {
                // reported below with the position
            }
            throw parser.error(scalar.start(), "a value of the type its tag !!" + type + " names");
        }
        if (tag.equals("!")) {
            return text(data, start, end, scalar);
        }
        return new Tagged(localName(tag), text(data, start, end, scalar));
    }

    private String text(byte[] data, int start, int end, Scalar scalar) {
        Bytes source = scalar.simple() ? Bytes.wrap(data) : scratch;
        return TextValues.toString(source, start, end - start);
    }

    private Object resolvePlain(byte[] data, int start, int end) {
        try {
            switch (CoreSchema.resolve(data, start, end)) {
                case CoreSchema.NULL:
                    return null;
                case CoreSchema.BOOL:
                    return CoreSchema.bool(data, start, end) == 1;
                case CoreSchema.INT:
                    return integer(data, start, end);
                case CoreSchema.FLOAT:
                    return decimal(data, start, end);
                default:
                    return TextValues.toString(Bytes.wrap(data), start, end - start);
            }
        } catch (NumberFormatException e) {
            String message = e.getMessage();
            throw parser.error(start, message != null && message.startsWith(PlainDecimal.BEYOND_BIG_DECIMAL) ? message
                    : "a number the core schema can read");
        }
    }

    private static Object integer(byte[] data, int start, int end) {
        try {
            return CoreSchema.parseInteger(data, start, end);
        } catch (NumberFormatException tooLong) {
            String text = new String(data, start, end - start, StandardCharsets.US_ASCII);
            if (text.startsWith("0x")) {
                return new BigInteger(text.substring(2), 16);
            }
            if (text.startsWith("0o")) {
                return new BigInteger(text.substring(2), 8);
            }
            return new BigInteger(text.startsWith("+") ? text.substring(1) : text);
        }
    }

    /** A core-schema float (or an integer tagged !!float): .nan, the infinities and hex or octal as doubles, decimals exactly. */
    private static Object decimal(byte[] data, int start, int end) {
        double value = CoreSchema.parseFloat(data, start, end);
        boolean hexOrOctal = end - start > 2 && data[start] == '0' && (data[start + 1] == 'x' || data[start + 1] == 'o');
        if (Double.isNaN(value) || data[end - 1] == 'f' || data[end - 1] == 'F' || hexOrOctal) {
            return value;
        }
        return PlainDecimal.of(data, start, end);
    }
}
