package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;

class YamlZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML;
    }
}
