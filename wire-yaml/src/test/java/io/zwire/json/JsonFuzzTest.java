package io.zwire.json;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.zwire.WireType;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.OracleOrder;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Order;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Coverage-guided fuzzing of the JSON reader (docs/fuzzing.md): typed reads as Order and AllTypes
 * and plain-value reads of any bytes give a value or a WireException; jackson-core parses each
 * document either read accepts as exactly one JSON value, and an Order the typed read accepts is
 * the Order jackson reads from the same bytes.
 */
class JsonFuzzTest {
    private static final JsonFactory JACKSON = new JsonFactory();

    @FuzzTest
    @Timeout(10)
    void json(byte[] input) throws Exception {
        FuzzReads.typed(WireType.JSON, input, Order::new, JsonFuzzTest::agreesWithJackson);
        FuzzReads.typed(WireType.JSON, input, AllTypes::new, (in, start, end, value) -> oneJsonValue(in, start, end));
        FuzzReads.plain(WireType.JSON, input, (in, start, end, value) -> oneJsonValue(in, start, end));
    }

    private static void agreesWithJackson(byte[] input, int start, int end, Order read) throws IOException {
        String document = new String(input, start, end - start, StandardCharsets.UTF_8);
        Object tree;
        try (JsonParser parser = JACKSON.createParser(input, start, end - start)) {
            parser.nextToken();
            tree = tree(parser, OracleOrder.ORDER_KEYS);
            assertNull(parser.nextToken(), () -> "one JSON value in " + document);
        } catch (OracleOrder.DuplicateKey e) {
            return;
        }
        OracleOrder.assertAgrees(read, tree, true, document);
    }

    private static void oneJsonValue(byte[] input, int start, int end) throws IOException {
        try (JsonParser parser = JACKSON.createParser(input, start, end - start)) {
            parser.nextToken();
            parser.skipChildren();
            assertNull(parser.nextToken(), () -> "one JSON value in " + new String(input, start, end - start,
                    StandardCharsets.UTF_8));
        }
    }

    /** Jackson's reading of the current value, normalized as {@link OracleOrder} expects, reading only {@code keys} of an object. */
    private static Object tree(JsonParser parser, Set<String> keys) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (keys.contains(name)) {
                        OracleOrder.put(map, name, tree(parser, OracleOrder.keysWithin(keys, name)));
                    } else {
                        parser.skipChildren();
                    }
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(tree(parser, Set.of()));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT:
                // Exact: an integer field reads a fraction or exponent that is exactly an integer (1E1).
                return parser.getDecimalValue();
            case VALUE_TRUE:
            case VALUE_FALSE:
                return token == JsonToken.VALUE_TRUE;
            case VALUE_NULL:
                return null;
            default:
                throw new AssertionError("jackson's token " + token);
        }
    }
}
