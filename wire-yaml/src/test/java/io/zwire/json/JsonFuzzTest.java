package io.zwire.json;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.zwire.WireType;
import io.zwire.testkit.FuzzComposites;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.JacksonTree;
import io.zwire.testkit.OracleOrder;
import io.zwire.testkit.Oracles;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Coverage-guided fuzzing of the JSON reader (docs/fuzzing.md): typed reads as Order and AllTypes
 * and plain-value reads of any bytes give a value or a WireException; jackson-core parses each
 * document either read accepts as exactly one JSON value, and an Order the typed read accepts is
 * the Order jackson reads from the same bytes. {@link #jsonComposite} reads the composite types
 * (maps, foreign types, records: {@link FuzzComposites}) with jackson's trees as the oracle.
 */
@ExtendWith(Oracles.PrintSummary.class)
class JsonFuzzTest {
    private static final JsonFactory JACKSON = new JsonFactory();
    private static final String JACKSON_JSON = "jackson-core";
    /** Every key may be a field; a fraction or exponent is read exactly (an integer field reads 1E1). */
    private static final JacksonTree TREE = new JacksonTree(parser -> true, JsonParser::getDecimalValue);

    @FuzzTest
    @Timeout(10)
    void json(byte[] input) throws Exception {
        FuzzReads.typed(WireType.JSON, input, Order::new, JsonFuzzTest::agreesWithJackson);
        FuzzReads.typed(WireType.JSON, input, AllTypes::new, (in, start, end, value) -> oneJsonValue(in, start, end));
        FuzzReads.plain(WireType.JSON, input, (in, start, end, value) -> oneJsonValue(in, start, end));
    }

    @FuzzTest
    @Timeout(10)
    void jsonComposite(byte[] input) throws Exception {
        FuzzComposites.read(WireType.JSON, input, JsonFuzzTest::jacksonTree);
    }

    /**
     * Jackson's tree of a document, every key read: malformed JSON is a finding (the typed read
     * accepted it), a number beyond jackson's stream constraints or any failure of jackson's
     * other than a parse error is no verdict.
     */
    private static Object jacksonTree(byte[] input, int start, int end) throws Exception {
        return Oracles.consult(JACKSON_JSON, () -> jacksonTree(input, start, end, null));
    }

    private static void agreesWithJackson(byte[] input, int start, int end, Order read) throws Exception {
        Optional<Object> tree;
        try {
            tree = Oracles.consult(JACKSON_JSON, () -> Optional.ofNullable(jacksonTree(input, start, end, OracleOrder.ORDER_KEYS)));
        } catch (OracleOrder.DuplicateKey e) {
            return;
        }
        if (tree != null) {
            OracleOrder.assertAgrees(read, tree.orElse(null), true, new String(input, start, end - start, StandardCharsets.UTF_8));
        }
    }

    /**
     * Jackson's tree of one JSON value, reading only {@code keys} of objects (all where null). A
     * number beyond jackson's stream constraints is one it cannot judge; its parse errors pass
     * through: zwire accepted the document, so malformed JSON is a finding.
     */
    private static Object jacksonTree(byte[] input, int start, int end, Set<String> keys) throws IOException {
        try (JsonParser parser = JACKSON.createParser(input, start, end - start)) {
            parser.nextToken();
            Object tree = TREE.read(parser, keys);
            assertNull(parser.nextToken(), () -> "one JSON value in " + new String(input, start, end - start,
                    StandardCharsets.UTF_8));
            return tree;
        } catch (StreamConstraintsException e) {
            throw Oracles.cannotJudge(e);
        }
    }

    private static void oneJsonValue(byte[] input, int start, int end) throws Exception {
        Oracles.consult(JACKSON_JSON, () -> {
            try (JsonParser parser = JACKSON.createParser(input, start, end - start)) {
                parser.nextToken();
                parser.skipChildren();
                assertNull(parser.nextToken(), () -> "one JSON value in " + new String(input, start, end - start,
                        StandardCharsets.UTF_8));
            }
            return null;
        });
    }
}
