package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;
import org.junit.jupiter.api.Tag;

/**
 * The garbage checks on YAML_NUMBERED, all in the long proofs: it is YAML's writer and reader with
 * field numbers for keys, which {@code YamlZeroGarbageTest} checks in the default build, and its
 * quick checks cost as much as YAML's again.
 */
@Tag("long")
class NumberedYamlZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML_NUMBERED;
    }
}
