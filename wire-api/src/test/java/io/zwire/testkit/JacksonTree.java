package io.zwire.testkit;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jackson's reading of the current value of a parser (jackson-core's JSON, or jackson's CBOR
 * codec) as the plain tree {@link OracleOrder} compares a typed read with: maps, lists, text,
 * {@code BigInteger}s, booleans, byte arrays and nulls, reading only the given keys of an object.
 * jackson-core is a test dependency of every module that uses this.
 */
public final class JacksonTree {
    /** Decides, with the parser on a field name, whether the field is one of the model's. */
    @FunctionalInterface
    public interface KeyCheck {
        /**
         * @param parser on the {@code FIELD_NAME} token
         * @return true to read the field, false to skip it like an unknown key
         * @throws IOException from the parser
         */
        boolean isModelKey(JsonParser parser) throws IOException;
    }

    /** Reads a number with a fraction or an exponent. */
    @FunctionalInterface
    public interface FloatReading {
        /**
         * @param parser on the {@code VALUE_NUMBER_FLOAT} token
         * @return the number as the oracle compares it
         * @throws IOException from the parser
         */
        Object read(JsonParser parser) throws IOException;
    }

    private final KeyCheck keyCheck;
    private final FloatReading floats;

    /**
     * @param keyCheck which keys may be fields of the model, beyond their names
     * @param floats   how a float is read: exactly ({@code getDecimalValue}) or as a double
     */
    public JacksonTree(KeyCheck keyCheck, FloatReading floats) {
        this.keyCheck = keyCheck;
        this.floats = floats;
    }

    /**
     * The tree of the parser's current value, reading only {@code keys} of an object (see
     * {@link OracleOrder#keysWithin}), or every key the key check accepts, at every depth.
     *
     * @param parser on the first token of the value
     * @param keys   the keys to read, or null for all
     * @return the tree
     * @throws IOException from the parser
     * @throws OracleOrder.DuplicateKey when a key read occurs twice
     */
    public Object read(JsonParser parser, Set<String> keys) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    boolean modelKey = keyCheck.isModelKey(parser);
                    parser.nextToken();
                    if ((keys == null || keys.contains(name)) && modelKey) {
                        OracleOrder.put(map, name, read(parser, keys == null ? null : OracleOrder.keysWithin(keys, name)));
                    } else {
                        parser.skipChildren();
                    }
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(parser, keys == null ? null : Set.of()));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT:
                return floats.read(parser);
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
