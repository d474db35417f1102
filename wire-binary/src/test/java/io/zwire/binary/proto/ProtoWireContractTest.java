package io.zwire.binary.proto;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

class ProtoWireContractTest extends SelfDescribingWireContract {
    @Override
    protected WireType wireType() {
        return WireType.NUMBERED;
    }

    /** A well-formed document whose field 1 (an Order's int64 id) is length-delimited text. */
    @Override
    protected byte[] invalidOrderDocument() {
        return new byte[] {3, 0x0A, 1, 'x'};
    }
}
