package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;

class NumberedYamlZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML_NUMBERED;
    }
}
