package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.RepeatedFields;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A key YAML repeats under another spelling (quoted, escaped, flow style) is the same key. */
class YamlRepeatedKeyTest {
    private static Wire wire(WireType type, String yaml, RepeatedFields policy) {
        Bytes bytes = Bytes.elastic(64);
        bytes.write(yaml.replace('|', '\n').getBytes(StandardCharsets.UTF_8));
        return type.apply(bytes, WireOptions.defaults().withRepeatedFields(policy));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "YAML; qty: 5|\"q\\x74y\": 7|",
        "YAML; 'qty': 5|qty: 7|",
        "YAML; {qty: 5, \"qty\": 7}|",
        "YAML; id: 1|party: {name: a, 'name': b}|qty: 7|",
        "YAML_NUMBERED; 4: 5|\"4\": 7|",
        "YAML_NUMBERED; '4': 5|4: 7|",
    })
    void aKeyRepeatedUnderAnotherSpellingIsRefusedNamingTheField(WireType type, String yaml) {
        WireException e = assertThrows(WireException.class, () -> wire(type, yaml, RepeatedFields.REFUSE).readDocument(new Order()));
        assertTrue(e.getMessage().contains(yaml.contains("party") ? "1:name is repeated" : "4:qty is repeated"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"YAML; qty: 5|\"q\\x74y\": 7|", "YAML; {qty: 5, \"qty\": 7}|", "YAML_NUMBERED; 4: 5|'4': 7|"})
    void theOtherPoliciesReadTheFirstOrTheLastValue(WireType type, String yaml) {
        Order first = new Order();
        assertTrue(wire(type, yaml, RepeatedFields.FIRST).readDocument(first));
        assertEquals(5, first.qty());
        Order last = new Order();
        assertTrue(wire(type, yaml, RepeatedFields.LAST).readDocument(last));
        assertEquals(7, last.qty(), "as snakeyaml and Python read it");
    }
}
