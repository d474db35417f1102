package io.zwire.binary.cbor;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORParser;
import io.zwire.WireType;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.OracleOrder;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Order;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Coverage-guided fuzzing of the BINARY (CBOR) reader (docs/fuzzing.md): typed reads as Order and
 * AllTypes and plain-value reads of any bytes give a value or a WireException; an Order the typed
 * read accepts is the Order jackson-dataformat-cbor reads from the same bytes, which it parses as
 * exactly one well-formed data item. A document jackson has no reading of (see
 * {@link #JACKSON_HAS_NO_READING}) is checked for a value or a WireException only.
 */
class CborFuzzTest {
    private static final CBORFactory JACKSON = new CBORFactory();
    /** The major type of a text string: jackson reads other keys (byte strings, tagged items) as text too. */
    private static final int TEXT = 3;
    /**
     * What jackson cannot read although the CBOR is well formed, or reads more strictly than the
     * typed read needs to: map keys other than text and integers, tag numbers of 2^63 and more, bad
     * UTF-8 anywhere, since jackson decodes every key even in what it skips, where the typed read
     * compares a key's bytes with its field names and skips an unknown key undecoded (the UTF-8 of
     * the text it returns is checked, CborBadInputTest.invalidUtf8InText), and the content of a
     * bigfloat or decimal fraction tag, which jackson checks even in what it skips.
     */
    private static final List<String> JACKSON_HAS_NO_READING = List.of("Unsupported major type", "Illegal Tag value",
            "UTF-8", "'bigfloat' value");

    @FuzzTest
    @Timeout(10)
    void binary(byte[] input) throws Exception {
        FuzzReads.typed(WireType.BINARY, input, Order::new, CborFuzzTest::agreesWithJackson);
        FuzzReads.typed(WireType.BINARY, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(WireType.BINARY, input, FuzzReads.noOracle());
    }

    private static void agreesWithJackson(byte[] input, int start, int end, Order read) throws IOException {
        String document = HexFormat.of().formatHex(input, start, end);
        Object tree;
        try (CBORParser parser = JACKSON.createParser(input, start, end - start)) {
            parser.nextToken();
            tree = tree(parser, input, OracleOrder.ORDER_KEYS);
            assertEquals(null, parser.nextToken(), () -> "one data item in " + document);
        } catch (OracleOrder.DuplicateKey e) {
            return;
        } catch (StreamReadException e) {
            if (JACKSON_HAS_NO_READING.stream().anyMatch(e.getOriginalMessage()::contains)) {
                return;
            }
            throw e;
        }
        OracleOrder.assertAgrees(read, tree, false, document);
    }

    /**
     * Jackson's reading of the current item, normalized as {@link OracleOrder} expects, reading only
     * {@code keys} of a map. A key that is not a text string (a byte string, a tagged item) is
     * another data item than the text of a field name (RFC 8949), so not a field of the model: the
     * typed read skips it as an unknown key, where jackson reads its bytes as the name.
     */
    private static Object tree(CBORParser parser, byte[] input, Set<String> keys) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    boolean text = (input[(int) parser.currentTokenLocation().getByteOffset()] & 0xFF) >>> 5 == TEXT;
                    parser.nextToken();
                    if (keys.contains(name) && text) {
                        OracleOrder.put(map, name, tree(parser, input, OracleOrder.keysWithin(keys, name)));
                    } else {
                        parser.skipChildren();
                    }
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(tree(parser, input, Set.of()));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT:
                return parser.getDoubleValue();
            case VALUE_EMBEDDED_OBJECT:
                return parser.getBinaryValue();
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
