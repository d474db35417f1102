package io.zwire.binary.proto;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingMapContract;

class ProtoMapContractTest extends SelfDescribingMapContract {
    @Override
    protected WireType wireType() {
        return WireType.NUMBERED;
    }
}
