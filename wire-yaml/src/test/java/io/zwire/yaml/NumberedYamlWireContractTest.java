package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

import java.nio.charset.StandardCharsets;
import java.util.List;

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

    /** A flow mapping and a quoted key take the general path; blanks, a comment and quotes around the value, the line scanner's edges. */
    @Override
    protected List<String> otherSpellingsOfQty300() {
        return List.of(
                "--- {1: 1, 4: ^300}\n",
                "---\n1: 1\n\"4\": ^300\n",
                "---\n1: 1\n4:   ^300   # a comment\n",
                "---\n1: 1\n4: !!int ^'300'\n");
    }
}
