package io.zwire.yaml;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.zwire.WireType;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Order;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the YAML and YAML_NUMBERED readers (docs/fuzzing.md): typed reads as
 * Order and AllTypes and plain-value reads of any bytes give a value or a WireException, and
 * reading ends. No oracle is compared here: zwire's YAML reads a stream of documents with local
 * tags for typed objects, which snakeyaml-engine reads differently (SnakeYamlOracleTest compares
 * the two on generated documents).
 */
class YamlFuzzTest {
    @FuzzTest
    @Timeout(10)
    void yaml(byte[] input) throws Exception {
        readEveryWay(WireType.YAML, input);
    }

    @FuzzTest
    @Timeout(10)
    void yamlNumbered(byte[] input) throws Exception {
        readEveryWay(WireType.YAML_NUMBERED, input);
    }

    private static void readEveryWay(WireType type, byte[] input) throws Exception {
        FuzzReads.typed(type, input, Order::new, FuzzReads.noOracle());
        FuzzReads.typed(type, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(type, input, FuzzReads.noOracle());
    }
}
