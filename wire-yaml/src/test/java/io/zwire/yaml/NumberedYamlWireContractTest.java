package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

import java.nio.charset.StandardCharsets;

class NumberedYamlWireContractTest extends SelfDescribingWireContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML_NUMBERED;
    }

    /** A well-formed document whose field 1 (the id) is text, where an Order wants an integer. */
    @Override
    protected byte[] invalidOrderDocument() {
        return "---\n1: x\n".getBytes(StandardCharsets.UTF_8);
    }
}
