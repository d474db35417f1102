package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

import java.nio.charset.StandardCharsets;
import java.util.List;

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

    /** A flow mapping and a quoted key take the general path; blanks, a comment and quotes around a value tagged !!int, the line scanner's edges. */
    @Override
    protected List<String> otherSpellingsOfQty300() {
        return List.of(
                "--- {id: 1, qty: ^300}\n",
                "---\nid: 1\n\"qty\": ^300\n",
                "---\nid: 1\nqty:   ^300   # a comment\n",
                "---\nid: 1\nqty: !!int ^'300'\n",
                "---\nid: 1\nqty: ^300\nsymbol: x\n");
    }
}
