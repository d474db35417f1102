package io.zwire.json;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingWireContract;

import java.nio.charset.StandardCharsets;
import java.util.List;

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

    /** Blanks around the value and a string holding the integer, which the writer never writes. */
    @Override
    protected List<String> otherSpellingsOfQty300() {
        return List.of(
                "{\"id\": 1, \"qty\": ^300}\n",
                "{ \"id\" : 1 , \"qty\" :\n  ^300 }\n",
                "{\"id\":1,\"qty\":^\"300\"}\n");
    }
}
