package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.testkit.FuzzReads;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** What ProtoFuzzTest found, each input as a named test (docs/fuzzing.md). */
class ProtoFuzzFindingsTest {
    /**
     * A document length varint of ten bytes whose last is 1 (2^63 and more) is a negative long: the
     * plain-value read took it for a length within the input and threw
     * ArrayIndexOutOfBoundsException reading past the array.
     */
    @Test
    void plainReadRefusesADocumentLengthOf2To63OrMore() {
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(HexFormat.of().parseHex("cd80cdcda08080808001" + "8080")),
                FuzzReads.OPTIONS);
        assertThrows(WireException.class, () -> wire.readValue(value -> { }));
    }
}
