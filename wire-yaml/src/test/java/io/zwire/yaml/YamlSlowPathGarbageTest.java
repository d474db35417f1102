package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import io.zwire.test.GarbageAssertions;
import io.zwire.testkit.GarbageRounds;
import io.zwire.example.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The typed read path allocates nothing in steady state away from the in-order fast path too:
 * fields out of order (the field index), flow style, escapes and folding (the scratch buffer),
 * block scalars, aliases (re-reading the anchored node) and unknown fields skipped.
 */
class YamlSlowPathGarbageTest {
    /** Reads measured per document in the long proof (the default build measures {@link GarbageRounds#QUICK}). */
    private static final long HALF_A_MILLION = 500_000;
    private static final String[] DOCUMENTS = {
        "party: {id: 42, account: MCP-EU-000042, name: Meridian Capital Partners}\nside: BUY\nqty: 1000000\n"
            + "price: 1.08345\nsymbol: EURUSD\nid: 1000001\n",
        "{id: 1000001, symbol: \"EUR\\x55SD\", price: 1.08345, qty: 1000000, side: 'BUY',\n"
            + "  party: {name: \"Meridian\\tCapital\\nPartners\", account: MCP-EU-000042, id: 42}}\n",
        "id: 1000001\nsymbol: |-\n  EURUSD\nprice: 1.08345\nqty: 1000000\nside: >-\n  BUY\nparty:\n  name: >-\n"
            + "    Meridian\n    Capital Partners\n  account: MCP-EU-000042\n  id: 42\n",
        "anchors: [&s EURUSD, &p {name: Meridian Capital Partners, account: MCP-EU-000042, id: 42}]\n"
            + "id: 1000001\nsymbol: *s\nprice: 1.08345\nqty: 1000000\nside: BUY\nparty: *p\n",
        "extra: [1, {a: b}, [c]]\nid: 1000001\nmore: \"x\"\nsymbol: EURUSD\nprice: 1.08345\n? [complex]\n: key\n"
            + "qty: 1000000\nside: BUY\nparty: {name: Meridian Capital Partners, x: y, account: MCP-EU-000042, id: 42}\n",
    };

    @ParameterizedTest
    @MethodSource("documents")
    void readingAllocatesNothing(String yaml) {
        assertReadingAllocatesNothing(yaml, GarbageRounds.QUICK);
    }

    @ParameterizedTest
    @MethodSource("documents")
    @Tag("long")
    void readingAllocatesNothingOverHalfAMillionReads(String yaml) {
        assertReadingAllocatesNothing(yaml, HALF_A_MILLION);
    }

    static String[] documents() {
        return DOCUMENTS;
    }

    private static void assertReadingAllocatesNothing(String yaml, long reads) {
        byte[] document = yaml.getBytes(StandardCharsets.UTF_8);
        Wire wire = WireType.YAML.apply(Bytes.wrap(document));
        Order target = new Order();
        Runnable read = () -> {
            wire.bytes().readPosition(0);
            wire.readDocument(target);
        };
        double perRead = AllocationMeter.bytesPerOperation(read, GarbageRounds.warmUpBefore(reads), reads);
        System.out.printf("garbage YAML slow path %.4f bytes/read for %s%n", perRead, yaml.lines().findFirst().orElse(""));
        assertEquals(Order.sample().symbol(), target.symbol());
        assertEquals(Order.sample().party().id(), target.party().id());
        assertTrue(perRead <= GarbageAssertions.THRESHOLD, perRead + " bytes per read");
    }
}
