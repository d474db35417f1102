package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.WorkBound;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Work stays proportional to the input's size: documents of a few hundred KB to a few MB that
 * used to take seconds each (aliases to a large node, many anchors, colliding keys) are read or
 * refused well within the time bounds below.
 */
class YamlHostileInputTest {

    private static Wire wire(String yaml, ReadLimits limits) {
        return WireType.YAML.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)),
                WireOptions.defaults().withTypes(YamlReadingTest.TYPES).withLimits(limits));
    }

    /** About 150 KB: an anchored 10,000-key mapping and 9,999 aliases to it in a sequence of objects. */
    static String aliasesToALargeMapping() {
        StringBuilder yaml = new StringBuilder("anchors:\n  - &p {name: P, id: 1");
        for (int i = 0; i < 10_000; i++) {
            yaml.append(", k").append(i).append(": ").append(i);
        }
        yaml.append("}\nparties: [*p");
        for (int i = 1; i < 9_999; i++) {
            yaml.append(", *p");
        }
        return yaml.append("]\n").toString();
    }

    @Test
    void typedAliasesToALargeNodeStopAtMaxAliasedBytesQuickly() {
        String yaml = aliasesToALargeMapping();
        Wire wire = wire(yaml, ReadLimits.defaults());
        WorkBound.refusedQuickly(() -> wire.readDocument(new AllTypes()), "maxAliasedBytes");
    }

    /** Each alias re-reads the 16 bytes of {@code {name: P, id: 1}}: the second one passes 20; the next document is read. */
    @Test
    void typedAliasesAreReadWithinMaxAliasedBytesAndRefusedBeyondIt() {
        String yaml = "anchors: [&p {name: P, id: 1}]\nparties: [*p, *p, *p]\n";
        AllTypes all = new AllTypes();
        assertTrue(wire(yaml, ReadLimits.defaults()).readDocument(all));
        assertEquals(List.of(new Party("P", null, 1), new Party("P", null, 1), new Party("P", null, 1)), all.parties);
        Wire limited = wire(yaml + "---\nint32: 7\n", ReadLimits.defaults().withMaxAliasedBytes(20));
        WireException e = assertThrows(WireException.class, () -> limited.readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("maxAliasedBytes"), e.getMessage());
        AllTypes next = new AllTypes();
        assertTrue(limited.readDocument(next), "the document after the refused one");
        assertEquals(7, next.int32);
    }

    /**
     * About 11 MB: 200,000 anchors whose names are equally long and have equal
     * {@code String.hashCode()}s, then 9,000 aliases to the earliest ones.
     */
    @Test
    void manyAnchorsAreFoundWithoutScanningThem() throws Throwable {
        StringBuilder yaml = new StringBuilder("anchors: [");
        for (int i = 0; i < 200_000; i++) {
            yaml.append(i == 0 ? "" : ", ").append("&").append(collidingName(i)).append(' ').append(i);
        }
        yaml.append("]\nlongs: [");
        for (int i = 0; i < 9_000; i++) {
            yaml.append(i == 0 ? "" : ", ").append("*").append(collidingName(i));
        }
        yaml.append("]\n");
        Wire wire = wire(yaml.toString(), ReadLimits.defaults());
        AllTypes all = new AllTypes();
        WorkBound.completesQuickly(() -> assertTrue(wire.readDocument(all)));
        assertEquals(9_000, all.longs.size());
        assertEquals(8_999L, all.longs.get(8_999));
    }

    /** "Aa" and "BB" have the same {@code String.hashCode()}, and so has every name made of 18 of them. */
    private static String collidingName(int i) {
        StringBuilder name = new StringBuilder("anchor_");
        for (int bit = 17; bit >= 0; bit--) {
            name.append((i >>> bit & 1) == 0 ? "Aa" : "BB");
        }
        return name.toString();
    }

    @Test
    void aRedefinedAnchorIsFoundAsDefinedBeforeEachAlias() {
        AllTypes all = new AllTypes();
        assertTrue(wire("longs: [&x 1, *x, &x 2, *x, &y 3, *x, *y]\n", ReadLimits.defaults()).readDocument(all));
        assertEquals(List.of(1L, 1L, 2L, 2L, 3L, 2L, 3L), all.longs);
        Wire twoDocuments = wire("longs: [&x 1, *x]\n---\nlongs: [*x]\n", ReadLimits.defaults());
        assertTrue(twoDocuments.readDocument(new AllTypes()));
        WireException e = assertThrows(WireException.class, () -> twoDocuments.readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("anchor defined before"), e.getMessage());
    }

    /** The unsigned 32 bits of -31 i, whose {@code Long.hashCode()} is -31 i. */
    static long collidingPartner(long i) {
        return (-31L * i) & 0xFFFFFFFFL;
    }

    /** Keys {@code [i, collidingPartner(i)]}: their {@code List.hashCode()}s are all 961. */
    private static void collidingKeys(StringBuilder yaml, int from, int count, String indent) {
        for (int i = from; i < from + count; i++) {
            yaml.append(indent).append("? [").append(i).append(", ").append(collidingPartner(i)).append("]\n")
                    .append(indent).append(": ").append(i).append('\n');
        }
    }

    @Test
    void fortyThousandCollidingComplexKeysInOneMappingStopAtMaxComplexKeysQuickly() {
        assertEquals(961, List.of(12_345L, collidingPartner(12_345)).hashCode());
        StringBuilder yaml = new StringBuilder();
        collidingKeys(yaml, 0, 40_000, "");
        Wire wire = wire(yaml.toString(), ReadLimits.defaults());
        WorkBound.refusedQuickly(() -> wire.readValue(value -> { }), "maxComplexKeys 64");
    }

    @Test
    void fortyThousandCollidingComplexKeysSpreadOverMappingsWithinTheLimitAreReadQuickly() throws Throwable {
        StringBuilder yaml = new StringBuilder();
        for (int m = 0; m < 625; m++) {
            yaml.append("-\n");
            collidingKeys(yaml, m * 64, 64, "  ");
        }
        List<Object> documents = new ArrayList<>();
        Wire wire = wire(yaml.toString(), ReadLimits.defaults());
        WorkBound.completesQuickly(() -> assertTrue(wire.readValue(documents::add)));
        List<?> mappings = (List<?>) documents.get(0);
        assertEquals(625, mappings.size());
        assertEquals(64, ((Map<?, ?>) mappings.get(624)).size());
        assertEquals(39_999L, ((Map<?, ?>) mappings.get(624)).get(List.of(39_999L, collidingPartner(39_999))));
    }

    @Test
    void mappingAndTaggedKeysCountAsComplexKeysAndAliasesToThemToo() {
        ReadLimits two = ReadLimits.defaults().withMaxComplexKeys(2);
        assertTrue(wire("? {a: 1}\n: 1\n? !T x\n: 2\nplain: 3\n", two).readValue(value -> { }));
        for (String yaml : new String[] {"? {a: 1}\n: 1\n? !T x\n: 2\n? [c]\n: 3\n",
                "? &k [c]\n: 1\nd: [*k, *k]\nm: {*k : 1, ? [e] : 2, ? [f] : 3}\n"}) {
            Wire wire = wire(yaml, two);
            WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }), yaml);
            assertTrue(e.getMessage().contains("maxComplexKeys 2"), e.getMessage());
        }
    }
}
