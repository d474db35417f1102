package io.zwire.yaml.oracle;

import io.zwire.Bytes;
import io.zwire.Tagged;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.MapOracle;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteBoard;
import io.zwire.testkit.foreign.QuoteBook;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.MapKinds;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.NonPrintableStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.representer.StandardRepresenter;
import org.snakeyaml.engine.v2.schema.CoreSchema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * snakeyaml-engine as the oracle for the YAML wire, both ways: what our writer emits for random
 * instances of the test types, snakeyaml-engine loads (with {@code loadAll}, many documents in
 * one stream) to the values the instances hold; and what snakeyaml-engine dumps from those
 * values, in block and flow style, with every scalar style and keys in random order, our typed
 * reader reads back into equal instances. Typed objects are {@code !Order} and {@code !Party}
 * local tags on both sides.
 */
class SnakeYamlOracleTest {
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    /** Loads {@code !Order} and {@code !Party} mappings as {@link Tagged} maps. */
    static final class TaggedConstructor extends StandardConstructor {
        TaggedConstructor(LoadSettings settings) {
            super(settings);
            for (String alias : List.of("Order", "Party")) {
                tagConstructors.put(new Tag("!" + alias), node -> new Tagged(alias, constructMapping((MappingNode) node)));
            }
        }
    }

    /** Dumps {@link Tagged} maps as mappings tagged with a local tag. */
    static final class TaggedRepresenter extends StandardRepresenter {
        TaggedRepresenter(DumpSettings settings) {
            super(settings);
            representers.put(Tagged.class, data -> {
                Tagged tagged = (Tagged) data;
                return representMapping(new Tag("!" + tagged.tag()), (Map<?, ?>) tagged.value(), settings.getDefaultFlowStyle());
            });
        }
    }

    static Load load() {
        LoadSettings settings = LoadSettings.builder().setSchema(new CoreSchema()).build();
        return new Load(settings, new TaggedConstructor(settings));
    }

    static Dump dump(FlowStyle flow, ScalarStyle scalars) {
        DumpSettings settings = DumpSettings.builder().setDefaultFlowStyle(flow).setDefaultScalarStyle(scalars)
                .setNonPrintableStyle(NonPrintableStyle.ESCAPE).setExplicitStart(true).setSchema(new CoreSchema())
                .setWidth(60).build();
        return new Dump(settings, new TaggedRepresenter(settings));
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED"})
    void snakeYamlLoadsWhatWeWrite(WireType type) {
        Random random = new Random(11);
        Wire wire = type.apply(Bytes.elastic(1024), WireOptions.defaults().withTypes(TYPES));
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            AllTypes all = PlainValues.allTypes(random);
            expected.add(type == WireType.YAML ? PlainValues.of(all) : PlainValues.numbered(PlainValues.of(all), "AllTypes"));
            wire.writeDocument(all);
            Order order = PlainValues.order(random);
            expected.add(type == WireType.YAML ? PlainValues.of(order) : PlainValues.numbered(PlainValues.of(order), "Order"));
            wire.writeDocument(order);
        }
        String stream = new String(wire.bytes().toByteArray(), StandardCharsets.UTF_8);
        List<Object> loaded = new ArrayList<>();
        load().loadAllFromString(stream).forEach(loaded::add);
        assertEquals(expected.size(), loaded.size(), "one loaded document per written document");
        for (int i = 0; i < expected.size(); i++) {
            String difference = PlainValues.difference(expected.get(i), loaded.get(i), "document " + i);
            assertNull(difference, difference);
        }
    }

    @Test
    void snakeYamlLoadsOurSampleOrderExactly() {
        Wire wire = WireType.YAML.apply(Bytes.elastic(256));
        wire.writeDocument(Order.sample());
        Object loaded = load().loadFromString(new String(wire.bytes().toByteArray(), StandardCharsets.UTF_8));
        assertNull(PlainValues.difference(PlainValues.of(Order.sample()), loaded, "sample"));
    }

    /** A third-party Quote through its marshaller, alone, in a QuoteBook's nested field and sequence, and as map values. */
    @Test
    void snakeYamlLoadsOurForeignQuotesAsTheirValues() {
        Wire wire = WireType.YAML.apply(Bytes.elastic(256));
        Quote noVenue = new Quote(2, "USDJPY", 151.5, 3, Side.BUY, false, null);
        wire.writeDocument(QuoteMarshallers.sample(), QuoteMarshallers.QUOTES);
        wire.writeDocument(new QuoteBook(null, QuoteMarshallers.sample(), noVenue));
        wire.writeDocument(new QuoteBoard().put("EURUSD", QuoteMarshallers.sample()).put("GBPUSD", null)
                .put("USDJPY", noVenue).seq(7));
        List<Object> loaded = new ArrayList<>();
        load().loadAllFromString(new String(wire.bytes().toByteArray(), StandardCharsets.UTF_8)).forEach(loaded::add);
        Map<String, Object> sample = quote(42, "EURUSD", 1.08345, 1_000_000, "SELL", true, venue("XLON", 7));
        Map<String, Object> second = quote(2, "USDJPY", 151.5, 3, "BUY", false, null);
        Map<String, Object> book = new java.util.HashMap<>();
        book.put("best", null);
        book.put("quotes", List.of(sample, second));
        Map<String, Object> quotes = new java.util.LinkedHashMap<>();
        quotes.put("EURUSD", sample);
        quotes.put("GBPUSD", null);
        quotes.put("USDJPY", second);
        assertEquals(List.of(sample, book, Map.of("quotes", quotes, "seq", 7)), loaded);
        assertEquals(List.of("EURUSD", "GBPUSD", "USDJPY"), new ArrayList<>(((Map<?, ?>) ((Map<?, ?>) loaded.get(2))
                .get("quotes")).keySet()), "the entries in the order written");
    }

    static Map<String, Object> quote(int id, String symbol, double bid, int size, String side, boolean firm,
                                     Map<String, Object> venue) {
        Map<String, Object> quote = new java.util.HashMap<>(Map.of("id", id, "symbol", symbol, "bid", bid, "size", size,
                "side", side, "firm", firm));
        quote.put("venue", venue);
        return quote;
    }

    static Map<String, Object> venue(String name, int code) {
        return Map.of("name", name, "code", code);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED"})
    void weReadWhatSnakeYamlDumpsInEveryStyle(WireType type) {
        Random random = new Random(12);
        int documents = 0;
        for (FlowStyle flow : new FlowStyle[] {FlowStyle.BLOCK, FlowStyle.FLOW, FlowStyle.AUTO}) {
            for (ScalarStyle scalars : new ScalarStyle[] {ScalarStyle.PLAIN, ScalarStyle.DOUBLE_QUOTED,
                    ScalarStyle.SINGLE_QUOTED, ScalarStyle.LITERAL, ScalarStyle.FOLDED}) {
                Dump dump = dump(flow, scalars);
                List<Object> originals = new ArrayList<>();
                List<Object> values = new ArrayList<>();
                for (int i = 0; i < 60; i++) {
                    AllTypes all = PlainValues.allTypes(random);
                    originals.add(all);
                    Object allValues = type == WireType.YAML ? PlainValues.of(all) : PlainValues.numbered(PlainValues.of(all), "AllTypes");
                    values.add(PlainValues.shuffled(allValues, random));
                    Order order = PlainValues.order(random);
                    originals.add(order);
                    Object orderValues = type == WireType.YAML ? PlainValues.of(order) : PlainValues.numbered(PlainValues.of(order), "Order");
                    values.add(PlainValues.shuffled(orderValues, random));
                }
                String stream = dump.dumpAllToString(values.iterator());
                Wire wire = type.apply(Bytes.wrap(stream.getBytes(StandardCharsets.UTF_8)),
                        WireOptions.defaults().withTypes(TYPES));
                for (Object original : originals) {
                    Object copy = original instanceof AllTypes ? new AllTypes() : new Order();
                    assertTrue(wire.readDocument((io.zwire.Marshallable) copy));
                    assertEquals(original, copy, () -> type + " " + flow + " " + scalars + "\n" + stream);
                    documents++;
                }
            }
        }
        assertEquals(15 * 120, documents);
    }

    /**
     * Maps both ways: snakeyaml-engine loads zwire's maps (integer keys as YAML integers, text keys
     * that look like other scalars quoted) to the values held; zwire reads what it dumps in every
     * flow and scalar style, fields and entries shuffled.
     */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED"})
    void mapsBothWays(WireType type) {
        Random random = new Random(25);
        boolean numbered = type == WireType.YAML_NUMBERED;
        List<MapKinds> instances = new ArrayList<>(List.of(MapKinds.sample(), new MapKinds()));
        for (int i = 0; i < 200; i++) {
            instances.add(MapOracle.random(random));
        }
        Wire wire = type.apply(Bytes.elastic(1024));
        instances.forEach(wire::writeDocument);
        String stream = new String(wire.bytes().toByteArray(), StandardCharsets.UTF_8);
        List<Object> loaded = new ArrayList<>();
        load().loadAllFromString(stream).forEach(loaded::add);
        assertEquals(instances.size(), loaded.size(), "one loaded document per written document");
        for (int i = 0; i < instances.size(); i++) {
            MapKinds maps = instances.get(i);
            assertEquals(MapOracle.expected(maps, false, numbered), MapOracle.normalise(loaded.get(i)), "document " + i + ": " + maps);
        }
        for (FlowStyle flow : new FlowStyle[] {FlowStyle.BLOCK, FlowStyle.FLOW}) {
            for (ScalarStyle scalars : new ScalarStyle[] {ScalarStyle.PLAIN, ScalarStyle.DOUBLE_QUOTED, ScalarStyle.SINGLE_QUOTED}) {
                List<Object> values = new ArrayList<>();
                instances.forEach(maps -> values.add(PlainValues.shuffled(MapOracle.expected(maps, false, numbered), random)));
                String dumped = dump(flow, scalars).dumpAllToString(values.iterator());
                Wire reader = type.apply(Bytes.wrap(dumped.getBytes(StandardCharsets.UTF_8)));
                for (MapKinds maps : instances) {
                    MapKinds copy = new MapKinds();
                    assertTrue(reader.readDocument(copy), () -> flow + " " + scalars);
                    assertEquals(maps, copy, () -> type + " " + flow + " " + scalars + "\n" + dumped);
                }
            }
        }
    }
}
