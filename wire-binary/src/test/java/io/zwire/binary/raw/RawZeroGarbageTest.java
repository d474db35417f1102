package io.zwire.binary.raw;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;

class RawZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.RAW;
    }
}
