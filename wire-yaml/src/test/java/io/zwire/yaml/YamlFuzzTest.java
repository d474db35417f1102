package io.zwire.yaml;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.zwire.WireType;
import io.zwire.testkit.FuzzComposites;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.OracleOrder;
import io.zwire.testkit.OracleTrees;
import io.zwire.testkit.Oracles;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;
import org.snakeyaml.engine.v2.schema.CoreSchema;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Coverage-guided fuzzing of the YAML and YAML_NUMBERED readers (docs/fuzzing.md): typed reads as
 * Order and AllTypes and plain-value reads of any bytes give a value or a WireException, and
 * reading ends; on YAML, an Order the typed read accepts is the Order snakeyaml-engine composes
 * from the same bytes (core schema), reading only the keys of Order and Party, whenever
 * snakeyaml-engine reads the document at all: it refuses valid YAML 1.2 that zwire reads (anchor
 * names of any non-space characters, an empty implicit key), so a refusal is no verdict here; what
 * zwire must refuse is the yaml-test-suite conformance tests' part. The composite targets read the
 * composite types (maps, foreign types, records: {@link FuzzComposites}), on YAML with snakeyaml's
 * trees as the oracle.
 */
@ExtendWith(Oracles.PrintSummary.class)
class YamlFuzzTest {
    /** The nodes an oracle tree visits at most, aliases expanded: a 4 KiB input has fewer nodes than this. */
    private static final int MOST_NODES = 5_000;
    private static final String SNAKEYAML = "snakeyaml-engine";
    private static final LoadSettings SETTINGS = LoadSettings.builder().setSchema(new CoreSchema()).build();
    /** Resolves one scalar at a time; it forgets each document's objects when it returns, so it is reused. */
    private static final StandardConstructor CONSTRUCTOR = new StandardConstructor(SETTINGS);

    @FuzzTest
    @Timeout(10)
    void yaml(byte[] input) throws Exception {
        FuzzReads.typed(WireType.YAML, input, Order::new, YamlFuzzTest::agreesWithSnakeYaml);
        FuzzReads.typed(WireType.YAML, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(WireType.YAML, input, FuzzReads.noOracle());
    }

    @FuzzTest
    @Timeout(10)
    void yamlNumbered(byte[] input) throws Exception {
        FuzzReads.typed(WireType.YAML_NUMBERED, input, Order::new, FuzzReads.noOracle());
        FuzzReads.typed(WireType.YAML_NUMBERED, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(WireType.YAML_NUMBERED, input, FuzzReads.noOracle());
    }

    @FuzzTest
    @Timeout(10)
    void yamlComposite(byte[] input) throws Exception {
        FuzzComposites.read(WireType.YAML, input, YamlFuzzTest::snakeYamlTree);
    }

    @FuzzTest
    @Timeout(10)
    void yamlNumberedComposite(byte[] input) throws Exception {
        FuzzComposites.read(WireType.YAML_NUMBERED, input, FuzzComposites.NO_ORACLE);
    }

    /**
     * snakeyaml-engine's tree of a document, every scalar key read by its text, or null where
     * snakeyaml refuses the document (no verdict, as for Orders), fails otherwise, or would visit
     * more than {@link #MOST_NODES} nodes through aliases that the typed read skipped undecoded
     * (the last two: {@link Oracles#consult}, cannot judge).
     */
    private static Object snakeYamlTree(byte[] input, int start, int end) throws Exception {
        String document;
        try {
            document = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(input, start, end - start)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        return Oracles.consult(SNAKEYAML, () -> {
            try {
                Optional<Node> root = composer(document).getSingleNode();
                return root.isEmpty() ? null : fullTree(root.get(), new int[] {MOST_NODES});
            } catch (YamlEngineException e) {
                Oracles.refused(SNAKEYAML);
                return null;
            }
        });
    }

    private static Composer composer(String document) {
        return new Composer(SETTINGS, new ParserImpl(SETTINGS, new StreamReader(SETTINGS, document)));
    }

    /** The tree of {@code node} for {@link io.zwire.testkit.OracleTrees}: scalars keep their text. */
    private static Object fullTree(Node node, int[] nodesLeft) {
        if (--nodesLeft[0] < 0) {
            throw new TooManyNodes();
        }
        if (node instanceof MappingNode mapping) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (NodeTuple entry : mapping.getValue()) {
                if (entry.getKeyNode() instanceof ScalarNode key) {
                    OracleOrder.put(map, key.getValue(), fullTree(entry.getValueNode(), nodesLeft));
                }
            }
            return map;
        }
        if (node instanceof SequenceNode sequence) {
            List<Object> list = new ArrayList<>();
            for (Node item : sequence.getValue()) {
                list.add(fullTree(item, nodesLeft));
            }
            return list;
        }
        ScalarNode scalar = (ScalarNode) node;
        return new OracleTrees.Scalar(tree(node, Set.of()), scalar.getValue());
    }

    /** A document whose aliases the oracle would expand further than the typed read looked. */
    private static final class TooManyNodes extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooManyNodes() {
            super(null, null, false, false);
        }
    }

    private static void agreesWithSnakeYaml(byte[] input, int start, int end, Order read) throws Exception {
        String document = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(input, start, end - start)).toString();
        Optional<Object> tree;
        try {
            tree = Oracles.consult(SNAKEYAML, () -> {
                try {
                    Optional<Node> root = composer(document).getSingleNode();
                    return Optional.ofNullable(root.isEmpty() ? null : tree(root.get(), OracleOrder.ORDER_KEYS));
                } catch (YamlEngineException e) {
                    Oracles.refused(SNAKEYAML);
                    return null;
                }
            });
        } catch (OracleOrder.DuplicateKey e) {
            return;
        }
        if (tree != null) {
            // A typed read refuses an empty or null document, so a read that succeeded had a mapping.
            OracleOrder.assertAgrees(read, tree.orElse(null), false, document);
        }
    }

    /** snakeyaml-engine's reading of a node, normalized as {@link OracleOrder} expects, reading only {@code keys} of a mapping. */
    private static Object tree(Node node, Set<String> keys) {
        if (node instanceof MappingNode mapping) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (NodeTuple entry : mapping.getValue()) {
                if (entry.getKeyNode() instanceof ScalarNode key && keys.contains(key.getValue())) {
                    String name = key.getValue();
                    Node value = entry.getValueNode();
                    // A text field reads any scalar but null as its text, whatever the scalar resolves to.
                    boolean text = OracleOrder.isText(keys, name) && value instanceof ScalarNode scalar
                            && !scalar.getTag().equals(Tag.NULL);
                    OracleOrder.put(map, name, text ? ((ScalarNode) value).getValue() : tree(value, OracleOrder.keysWithin(keys, name)));
                }
            }
            return map;
        }
        if (node instanceof SequenceNode sequence) {
            List<Object> list = new ArrayList<>();
            for (Node item : sequence.getValue()) {
                list.add(tree(item, Set.of()));
            }
            return list;
        }
        Object value = CONSTRUCTOR.constructSingleDocument(Optional.of(node));
        if (value instanceof Integer || value instanceof Long) {
            return BigInteger.valueOf(((Number) value).longValue());
        }
        return value instanceof Float number ? Double.valueOf(number) : value;
    }
}
