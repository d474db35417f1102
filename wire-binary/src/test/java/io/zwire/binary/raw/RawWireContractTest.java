package io.zwire.binary.raw;

import io.zwire.WireType;
import io.zwire.testkit.WireContract;

class RawWireContractTest extends WireContract {
    @Override
    protected WireType wireType() {
        return WireType.RAW;
    }

    /** One byte of fields where an Order's 8-byte id should be. */
    @Override
    protected byte[] invalidOrderDocument() {
        return new byte[] {1, 0, 0, 0, 7};
    }
}
