package io.zwire.binary.raw;

import io.zwire.WireType;
import io.zwire.testkit.MapContract;

class RawMapContractTest extends MapContract {
    @Override
    protected WireType wireType() {
        return WireType.RAW;
    }
}
