package io.zwire.json;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingMapContract;

class JsonMapContractTest extends SelfDescribingMapContract {
    @Override
    protected WireType wireType() {
        return WireType.JSON;
    }
}
