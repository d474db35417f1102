package io.zwire.json;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

import java.nio.charset.StandardCharsets;

class JsonWireContractTest extends SelfDescribingWireContract {
    @Override
    protected WireType wireType() {
        return WireType.JSON;
    }

    /** Well-formed JSON whose id is a string that holds no integer, where an Order wants an int64. */
    @Override
    protected byte[] invalidOrderDocument() {
        return "{\"id\":\"x\"}\n".getBytes(StandardCharsets.UTF_8);
    }
}
