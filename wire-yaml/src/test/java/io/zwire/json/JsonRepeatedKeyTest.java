package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.RepeatedFields;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A key JSON repeats under another spelling (an escape) is the same key: refused, or read as the policy says. */
class JsonRepeatedKeyTest {
    private static Wire wire(String json, RepeatedFields policy) {
        Bytes bytes = Bytes.elastic(64);
        bytes.write(json.getBytes(StandardCharsets.UTF_8));
        return WireType.JSON.apply(bytes, WireOptions.defaults().withRepeatedFields(policy));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"qty\":5,\"q\\u0074y\":7}",
        "{\"q\\u0074y\":5,\"qty\":7}",
        "{\"id\":1, \"qty\" : 5 ,\"qty\":7}",
        "{\"party\":{\"name\":\"a\",\"n\\u0061me\":\"b\"},\"qty\":7}",
    })
    void aKeyRepeatedUnderAnotherSpellingIsRefusedNamingTheField(String json) {
        WireException e = assertThrows(WireException.class, () -> wire(json, RepeatedFields.REFUSE).readDocument(new Order()));
        assertTrue(e.getMessage().contains(json.contains("party") ? "1:name is repeated" : "4:qty is repeated"), e.getMessage());
        assertTrue(e.offset() > json.indexOf(json.contains("party") ? "\"a\"" : "5"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"qty\":5,\"q\\u0074y\":7}", "{\"q\\u0074y\":5,\"qty\":7}"})
    void theOtherPoliciesReadTheFirstOrTheLastValueWhateverTheSpelling(String json) {
        Order first = new Order();
        assertTrue(wire(json, RepeatedFields.FIRST).readDocument(first));
        assertEquals(5, first.qty());
        Order last = new Order();
        assertTrue(wire(json, RepeatedFields.LAST).readDocument(last));
        assertEquals(7, last.qty(), "as jackson and Python read it");
    }
}
