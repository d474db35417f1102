package io.zwire.binary.proto;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;

class ProtoZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.NUMBERED;
    }
}
