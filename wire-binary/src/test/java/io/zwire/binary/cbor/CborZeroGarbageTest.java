package io.zwire.binary.cbor;

import io.zwire.WireType;
import io.zwire.testkit.ZeroGarbageContract;

class CborZeroGarbageTest extends ZeroGarbageContract {
    @Override
    protected WireType wireType() {
        return WireType.BINARY;
    }
}
