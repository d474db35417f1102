package io.zwire.json;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;

class JsonZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.JSON;
    }
}
