package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

import java.nio.charset.StandardCharsets;

class YamlWireContractTest extends SelfDescribingWireContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML;
    }

    /** A well-formed document whose id is text, where an Order wants an integer. */
    @Override
    protected byte[] invalidOrderDocument() {
        return "---\nid: x\n".getBytes(StandardCharsets.UTF_8);
    }
}
