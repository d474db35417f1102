package io.zwire.binary.cbor;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

class CborWireContractTest extends SelfDescribingWireContract {
    @Override
    protected WireType wireType() {
        return WireType.BINARY;
    }

    /** A well-formed map whose id is a text string, where an Order wants an integer. */
    @Override
    protected byte[] invalidOrderDocument() {
        return new byte[] {(byte) 0xA1, 0x62, 'i', 'd', 0x61, 'x'};
    }
}
