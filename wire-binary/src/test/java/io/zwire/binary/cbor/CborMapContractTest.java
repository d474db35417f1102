package io.zwire.binary.cbor;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingMapContract;

class CborMapContractTest extends SelfDescribingMapContract {
    @Override
    protected WireType wireType() {
        return WireType.BINARY;
    }
}
