package io.zwire.binary.proto;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.binary.ProtoSchema;
import io.zwire.binary.support.RandomModel;
import io.zwire.testkit.Protoc;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.CountedPriceLevel;
import io.zwire.testkit.model.IntAndLong;
import io.zwire.testkit.model.Ints14;
import io.zwire.testkit.model.Ints64;
import io.zwire.testkit.model.LeavesValuesUnread;
import io.zwire.testkit.model.MapKinds;
import io.zwire.testkit.model.Node;
import io.zwire.testkit.model.Nullables;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.testkit.model.PriceLevel;
import io.zwire.example.Side;
import io.zwire.testkit.model.SwappedQuote;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ProtoSchema}: protoc accepts every generated file and decodes zwire's NUMBERED bytes with
 * it to the values written (these tests skip, naming the package, where protoc is not installed);
 * without protoc, the generated declarations are held against the hand-built descriptors the
 * protobuf oracle tests use, and Order's file against a committed copy.
 */
class ProtoSchemaTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    @TempDir
    Path dir;

    // ------------------------------------------------------------------ protoc

    @Test
    void protocAcceptsTheFileOfEveryTestModel() throws IOException {
        Protoc.assumePresent();
        List<Supplier<? extends Marshallable>> models = List.of(AllTypes::new, BoxingOrder::new, CountedPriceLevel::new,
                IntAndLong::new, Ints14::new, Ints64::new, LeavesValuesUnread::new, LeavesValuesUnread.Outer::new,
                Node::new, Nullables::new, Order::new, Party::new, PriceLevel::new,
                SwappedQuote::new, Grid::new, TwoEnums::new, MapKinds::new, MapShapes::new);
        for (Supplier<? extends Marshallable> model : models) {
            Schema schema = Schema.of(model, TYPES);
            String name = schema.type().getSimpleName() + ".proto";
            FileDescriptor file = compile(name, ProtoSchema.of(schema, TYPES));
            assertTrue(file.findMessageTypeByName(schema.type().getSimpleName()) != null, name);
        }
    }

    @Test
    void protocDecodesZwiresOrderToItsValues() throws IOException {
        Protoc.assumePresent();
        compile("order.proto", ProtoSchema.of(Schema.of(Order::new)));
        assertEquals("""
                id: 1000001
                symbol: "EURUSD"
                price: 1.08345
                qty: 1000000
                side: BUY
                party {
                  name: "Meridian Capital Partners"
                  account: "MCP-EU-000042"
                  id: 42
                }
                """, Protoc.decode(dir, "order.proto", "io.zwire.example.Order", numbered(Order.sample())));
    }

    @Test
    void protocDecodesAForeignTypeAndARecordThroughTheirMarshallersSchemas() throws IOException {
        Protoc.assumePresent();
        compile("quote.proto", ProtoSchema.of(Schema.of(QuoteMarshallers.QUOTES)));
        assertEquals("""
                id: 42
                symbol: "EURUSD"
                bid: 1.08345
                size: 1000000
                side: SELL
                firm: true
                venue {
                  name: "XLON"
                  code: 7
                }
                """, Protoc.decode(dir, "quote.proto", "io.zwire.testkit.foreign.Quote",
                numbered(wire -> wire.writeDocument(QuoteMarshallers.sample(), QuoteMarshallers.QUOTES))));
        compile("every.proto", ProtoSchema.of(Schema.of(Records.EVERY)));
        String decoded = Protoc.decode(dir, "every.proto", "io.zwire.testkit.foreign.Every",
                numbered(wire -> wire.writeDocument(Records.every(), Records.EVERY)));
        assertTrue(decoded.startsWith("""
                flag: true
                int8: -7
                int16: -1234
                char16: 90
                int32: 123456789
                int64: -9876543210
                float32: 1.5
                float64: 1.08345
                text: "EURUSD"
                side: SELL
                data: "\\001\\002\\003\\377"
                point {
                  x: 3
                  y: -4
                }
                party {
                """), decoded);
    }

    @Test
    void aRecordsListComponentsAreRepeatedFieldsProtocDecodes() throws IOException {
        Protoc.assumePresent();
        String tree = ProtoSchema.of(Schema.of(Records.TREES));
        assertTrue(tree.contains("repeated Tree children = 2;"), tree);
        compile("tree.proto", tree);
        Records.Tree sample = new Records.Tree("root", java.util.List.of(new Records.Tree("a", java.util.List.of()),
                new Records.Tree("b", java.util.List.of(new Records.Tree("c", java.util.List.of())))));
        assertEquals("""
                name: "root"
                children {
                  name: "a"
                }
                children {
                  name: "b"
                  children {
                    name: "c"
                  }
                }
                """, Protoc.decode(dir, "tree.proto", "io.zwire.testkit.foreign.Tree",
                numbered(wire -> wire.writeDocument(sample, Records.TREES))));
        String roster = ProtoSchema.of(Schema.of(Records.ROSTERS));
        assertTrue(roster.contains("repeated sint32 int32s = 5;") && roster.contains("repeated string names = 9;")
                && roster.contains("repeated Point points = 11;"), roster);
        compile("roster.proto", roster);
        String decoded = Protoc.decode(dir, "roster.proto", "io.zwire.testkit.foreign.Roster",
                numbered(wire -> wire.writeDocument(Records.roster(), Records.ROSTERS)));
        assertTrue(decoded.contains("int32s: 123456789\nint32s: -2147483648\n")
                && decoded.contains("names: \"EURUSD\"\nnames: \"\"\n")
                && decoded.contains("sides: SELL\nsides: BUY\n"), decoded);
    }

    /** A record's marshalled Instant, Map and Optional components are a message, a map field and an optional field protoc decodes. */
    @Test
    void aRecordsMarshalledMapAndOptionalComponentsAreFieldsProtocDecodes() throws IOException {
        Protoc.assumePresent();
        String proto = ProtoSchema.of(Schema.of(Records.VAN_READINGS));
        assertTrue(proto.contains("Instant at = 2;") && proto.contains("map<string, string> tags = 3;")
                && proto.contains("optional string name = 4;") && proto.contains("repeated double temps = 5;")
                && proto.contains("message Instant {"), proto);
        compile("van_reading.proto", proto);
        String decoded = Protoc.decode(dir, "van_reading.proto", "io.zwire.testkit.foreign.VanReading",
                numbered(wire -> wire.writeDocument(Records.vanReading(), Records.VAN_READINGS)));
        // protoc prints a map's entries sorted by key, and text as UTF-8 bytes in octal.
        assertEquals("""
                van: "VAN-42"
                at {
                  seconds: 1795000000
                  nanos: 123456789
                }
                tags {
                  key: "driver"
                  value: "Zo\\303\\253"
                }
                tags {
                  key: "fleet"
                  value: ""
                }
                tags {
                  key: "route"
                  value: "north-7"
                }
                name: "Blue van"
                temps: 4.5
                temps: -18.25
                """, decoded);
        String empty = Protoc.decode(dir, "van_reading.proto", "io.zwire.testkit.foreign.VanReading",
                numbered(wire -> wire.writeDocument(new Records.VanReading("VAN-1", null, java.util.Map.of(),
                        java.util.Optional.empty(), java.util.List.of()), Records.VAN_READINGS)));
        assertEquals("van: \"VAN-1\"\n", empty, "an empty optional, map and list are absent");
    }

    @Test
    void protocDecodesEveryKindOfAllTypesToItsValues() throws IOException {
        Protoc.assumePresent();
        FileDescriptor file = compile("all_types.proto", ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES));
        AllTypes all = new AllTypes();
        all.int8 = -5;
        all.int16 = -300;
        all.uint16 = 65535;
        all.int32 = Integer.MIN_VALUE;
        all.int64 = -1234567890123L;
        all.float32 = 1.5f;
        all.float64 = -2.25;
        all.bool = true;
        all.char16 = 'A';
        all.text = "text";
        all.note.append("note");
        all.data = new byte[] {1, 2, (byte) 255};
        all.side = Side.SELL;
        all.party = new Party("P", "A", 7);
        all.longs.addAll(List.of(1L, -2L, Long.MAX_VALUE));
        all.tags.addAll(List.of("a", ""));
        all.parties.addAll(List.of(new Party("Q", null, -1), new Party()));
        all.matrix.addAll(List.of(List.of(1, -2), List.of(), List.of(3)));
        all.payload = Order.sample();
        byte[] message = numbered(all);

        String decoded = Protoc.decode(dir, "all_types.proto", "io.zwire.testkit.model.AllTypes", message);
        String beforePayload = decoded.substring(0, decoded.indexOf("payload {"));
        assertEquals("""
                int8: -5
                int16: -300
                uint16: 65535
                int32: -2147483648
                int64: -1234567890123
                float32: 1.5
                float64: -2.25
                bool: true
                char16: 65
                text: "text"
                note: "note"
                data: "\\001\\002\\377"
                side: SELL
                party {
                  name: "P"
                  account: "A"
                  id: 7
                }
                longs: 1
                longs: -2
                longs: 9223372036854775807
                tags: "a"
                tags: ""
                parties {
                  name: "Q"
                  id: -1
                }
                parties {
                  id: 0
                }
                matrix {
                  elements: 1
                  elements: -2
                }
                matrix {
                }
                matrix {
                  elements: 3
                }
                """, beforePayload);
        assertTrue(decoded.substring(beforePayload.length()).startsWith("payload {\n  alias: \"Order\"\n  value: "), decoded);

        // The typed object's value, in the second step the file's comment describes.
        DynamicMessage parsed = DynamicMessage.parseFrom(file.findMessageTypeByName("AllTypes"), message);
        Message payload = (Message) parsed.getField(parsed.getDescriptorForType().findFieldByName("payload"));
        ByteString value = (ByteString) payload.getField(payload.getDescriptorForType().findFieldByName("value"));
        assertEquals(Protoc.decode(dir, "all_types.proto", "io.zwire.testkit.model.Order", numbered(Order.sample())),
                Protoc.decode(dir, "all_types.proto", "io.zwire.testkit.model.Order", value.toByteArray()));
        assertTrue(ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES).contains("//   alias \"Order\": Order\n"));
    }

    @Test
    void protocDecodesARecursiveTypeAtEveryDepth() throws IOException {
        Protoc.assumePresent();
        compile("node.proto", ProtoSchema.of(Schema.of(Node::new)));
        assertEquals("""
                value: 0
                child {
                  value: 1
                  child {
                    value: 2
                  }
                }
                """, Protoc.decode(dir, "node.proto", "io.zwire.testkit.model.Node", numbered(Node.chain(3))));
    }

    @Test
    void protocDecodesSequencesOfSequencesOfEnumsObjectsAndTypedObjects() throws IOException {
        Protoc.assumePresent();
        String proto = ProtoSchema.of(Schema.of(Grid::new, TYPES), TYPES);
        compile("grid.proto", proto);
        Grid grid = new Grid();
        grid.sides.addAll(List.of(Side.SELL, Side.BUY));
        grid.rows.addAll(List.of(List.of(new Party("a", null, 1)), List.of(new Party("b", null, 2), new Party("c", null, 3))));
        grid.cube.addAll(List.of(List.of(List.of(1L, 2L), List.of()), List.of(List.of(-3L))));
        grid.items.add(new Party("t", null, 4));
        String decoded = Protoc.decode(dir, "grid.proto", "io.zwire.binary.proto.Grid", numbered(grid));
        assertEquals("""
                sides: SELL
                sides: BUY
                rows {
                  elements {
                    name: "a"
                    id: 1
                  }
                }
                rows {
                  elements {
                    name: "b"
                    id: 2
                  }
                  elements {
                    name: "c"
                    id: 3
                  }
                }
                cube {
                  elements {
                    elements: 1
                    elements: 2
                  }
                  elements {
                  }
                }
                cube {
                  elements {
                    elements: -3
                  }
                }
                """, decoded.substring(0, decoded.indexOf("items {")));
        assertTrue(decoded.substring(decoded.indexOf("items {")).startsWith("items {\n  alias: \"Party\"\n  value: "), decoded);
        assertTrue(proto.contains("repeated PartySequence rows = 2;"), proto);
        assertTrue(proto.contains("repeated Sint64SequenceSequence cube = 3;"), proto);
        assertTrue(proto.contains("repeated Typed items = 4;"), proto);
    }

    @Test
    void mapsAreMapFieldsWhereProtobufHasThemAndExplicitEntriesWhereNot() {
        String proto = ProtoSchema.of(Schema.of(MapKinds::new));
        assertTrue(proto.contains("""
                message MapKinds {
                  map<string, double> limits = 1;
                  map<sint32, string> names = 2;
                  map<sint64, Party> parties = 3;
                  map<string, Side> sides = 4;
                  repeated MapKindsHistoryEntry history = 5;
                  repeated MapKindsNestedEntry nested = 6;
                }
                """), proto);
        assertTrue(proto.contains("""
                message MapKindsHistoryEntry {
                  string key = 1;
                  repeated sint64 value = 2;
                }
                """), proto);
        assertTrue(proto.contains("""
                message MapKindsNestedEntry {
                  sint32 key = 1;
                  repeated MapKindsNestedValueEntry value = 2;
                }
                """), proto);
        assertTrue(proto.contains("""
                message MapKindsNestedValueEntry {
                  string key = 1;
                  sint32 value = 2;
                }
                """), proto);
    }

    @Test
    void mapsWhoseKeyOrValueIsUnknownAreDeclaredAsFarAsKnownAndTheFileSaysSo() throws IOException {
        String proto = ProtoSchema.of(Schema.of(MapShapes::new, TYPES), TYPES);
        assertTrue(proto.contains("  // 1 unknownKey: not declared, see the file's comment\n"), proto);
        assertTrue(proto.contains("// - MapShapes.unknownKey (1): a map with no key recorded"), proto);
        assertTrue(proto.contains("""
                message MapShapesUnknownValueEntry {
                  sint64 key = 1;
                  // 2 value: not declared, see the file's comment
                }
                """), proto);
        assertTrue(proto.contains("// - MapShapes.unknownValue (2) value: a map with no value recorded"), proto);
        assertTrue(proto.contains("  map<string, Typed> typed = 3;  // typed object\n"), proto);
        assertTrue(proto.contains("  repeated StringSint32Map maps = 4;\n"), proto);
        assertTrue(proto.contains("""
                message StringSint32Map {
                  map<string, sint32> entries = 1;
                }
                """), proto);
        assertTrue(proto.contains("  map<string, sint32> small = 5;  // int8: -128..127\n"), proto);
    }

    @Test
    void protocDecodesZwiresMapsToTheirValues() throws IOException {
        Protoc.assumePresent();
        compile("map_kinds.proto", ProtoSchema.of(Schema.of(MapKinds::new)));
        assertEquals(MAP_KINDS_AS_TEXT, Protoc.decode(dir, "map_kinds.proto", "io.zwire.testkit.model.MapKinds",
                numbered(MapKinds.sample())));
    }

    @Test
    void protocDecodesMapsOfTypedObjectsMapsInASequenceAndMapsOfInt8() throws IOException {
        Protoc.assumePresent();
        compile("map_shapes.proto", ProtoSchema.of(Schema.of(MapShapes::new, TYPES), TYPES));
        MapShapes shapes = new MapShapes();
        shapes.typed.put("p", new Party("n", null, 1));
        shapes.maps.add(Map.of("a", -1));
        shapes.maps.add(Map.of());
        shapes.small.put("s", (byte) -128);
        String decoded = Protoc.decode(dir, "map_shapes.proto", "io.zwire.binary.proto.MapShapes", numbered(shapes));
        assertTrue(decoded.startsWith("typed {\n  key: \"p\"\n  value {\n    alias: \"Party\"\n    value: "), decoded);
        assertTrue(decoded.endsWith("""
                maps {
                  entries {
                    key: "a"
                    value: -1
                  }
                }
                maps {
                }
                small {
                  key: "s"
                  value: -128
                }
                """), decoded);
    }

    /**
     * protobuf-java, given protoc's descriptors of the generated file, parses zwire's map fields as
     * map fields (entries with the keys and values written), and the bytes it writes for a message
     * built from those entries read back in zwire as the same maps.
     */
    @Test
    void protobufJavaReadsZwiresMapsAsMapFieldsAndWritesMapsZwireReads() throws IOException {
        Protoc.assumePresent();
        FileDescriptor file = compile("map_kinds.proto", ProtoSchema.of(Schema.of(MapKinds::new)));
        Descriptor type = file.findMessageTypeByName("MapKinds");
        DynamicMessage parsed = DynamicMessage.parseFrom(type, numbered(MapKinds.sample()));
        assertTrue(parsed.getUnknownFields().asMap().isEmpty(), parsed::toString);
        FieldDescriptor limits = type.findFieldByName("limits");
        assertTrue(limits.isMapField());
        assertTrue(type.findFieldByName("parties").isMapField());
        assertEquals(Map.of("EURUSD", 1.5, "", -0.25, "1", 3.0), entries(parsed, limits));
        assertEquals(Map.of(Integer.MIN_VALUE, "min", 7, "seven"), entries(parsed, type.findFieldByName("names")));
        // protobuf-java prints a double with no fraction as 3.0 where protoc prints 3.
        assertEquals(MAP_KINDS_AS_TEXT.replace("value: 3\n", "value: 3.0\n"), TextFormat.printer().printToString(parsed));

        DynamicMessage.Builder built = DynamicMessage.newBuilder(type);
        Descriptor limitEntry = limits.getMessageType();
        built.addRepeatedField(limits, DynamicMessage.newBuilder(limitEntry)
                .setField(limitEntry.findFieldByName("key"), "GBPUSD")
                .setField(limitEntry.findFieldByName("value"), 2.5).build());
        FieldDescriptor history = type.findFieldByName("history");
        Descriptor historyEntry = history.getMessageType();
        built.addRepeatedField(history, DynamicMessage.newBuilder(historyEntry)
                .setField(historyEntry.findFieldByName("key"), "h")
                .addRepeatedField(historyEntry.findFieldByName("value"), 4L)
                .addRepeatedField(historyEntry.findFieldByName("value"), -5L).build());
        MapKinds read = new MapKinds();
        read.names.put(1, "stale");
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        byte[] message = built.build().toByteArray();
        wire.bytes().writeVarint(message.length);
        wire.bytes().write(message, 0, message.length);
        wire.readDocument(read);
        MapKinds expected = new MapKinds();
        expected.limits.put("GBPUSD", 2.5);
        expected.history.put("h", List.of(4L, -5L));
        assertEquals(expected, read);
    }

    /** MapKinds.sample() as protoc prints it: map entries sorted by key, as protobuf's text format orders them. */
    private static final String MAP_KINDS_AS_TEXT = """
            limits {
              key: ""
              value: -0.25
            }
            limits {
              key: "1"
              value: 3
            }
            limits {
              key: "EURUSD"
              value: 1.5
            }
            names {
              key: -2147483648
              value: "min"
            }
            names {
              key: 7
              value: "seven"
            }
            parties {
              key: -1
              value {
                name: "Q"
                id: -2
              }
            }
            parties {
              key: 9223372036854775807
              value {
                name: "P"
                account: "A"
                id: 9
              }
            }
            sides {
              key: "a"
              value: SELL
            }
            sides {
              key: "b"
              value: BUY
            }
            history {
              key: "x"
              value: 1
              value: -2
              value: -9223372036854775808
            }
            history {
              key: "empty"
            }
            nested {
              key: -3
              value {
                key: "k"
                value: 4
              }
            }
            nested {
              key: 5
            }
            """;

    /** A map field's entries as protobuf-java holds them, keyed and valued as its Java types are. */
    private static Map<Object, Object> entries(Message message, FieldDescriptor map) {
        Map<Object, Object> entries = new java.util.HashMap<>();
        for (Object entry : (List<?>) message.getField(map)) {
            Message e = (Message) entry;
            entries.put(e.getField(e.getDescriptorForType().findFieldByName("key")),
                    e.getField(e.getDescriptorForType().findFieldByName("value")));
        }
        return entries;
    }

    @Test
    void clashingEnumConstantsArePrefixedAndTheFileSaysSo() throws IOException {
        Protoc.assumePresent();
        String proto = ProtoSchema.of(Schema.of(TwoEnums::new));
        compile("two_enums.proto", proto);
        TwoEnums value = new TwoEnums();
        value.colour = Colour.RED;
        value.shape = Shape.SQUARE;
        assertEquals("colour: RED\nshape: SHAPE_SQUARE\n",
                Protoc.decode(dir, "two_enums.proto", "io.zwire.binary.proto.TwoEnums", numbered(value)));
        assertTrue(proto.contains("enum Shape (" + Shape.class.getName() + "): constants are prefixed with SHAPE_"), proto);
    }

    @Test
    void aFieldOfUnknownKindIsNotDeclaredAndProtocKeepsItAsUnknown() throws IOException {
        Protoc.assumePresent();
        String proto = ProtoSchema.of(Schema.of(LeavesValuesUnread::new));
        compile("unread.proto", proto);
        byte[] message = numbered(LeavesValuesUnread.Written.inOrder(LeavesValuesUnread.Unread.NUMBER, 5, "x"));
        // Fields 1 and 4 carry zwire's zig-zag 16 (32): protoc cannot know it is signed. It prints unknown fields last.
        assertEquals("b: 5\nc: \"x\"\n1: 32\n4: 32\n",
                Protoc.decode(dir, "unread.proto", "io.zwire.testkit.model.LeavesValuesUnread", message));
        assertTrue(proto.contains("// - LeavesValuesUnread.a (1): a value whose kind the schema does not know"), proto);
        assertTrue(proto.contains("  // 1 a: not declared, see the file's comment\n"), proto);
    }

    @Test
    void namesProtobufCannotTakeAreChangedAndUnknownElementsLeftOutAndTheFileSaysSo() throws IOException {
        Protoc.assumePresent();
        String proto = ProtoSchema.of(Schema.of(Awkward::new));
        compile("awkward.proto", proto);
        Awkward value = new Awkward();
        value.bidPrice = 1.5;
        value.party = new Awkward.Party();
        value.party.quantity = 3;
        value.testkitParty = new io.zwire.example.Party("n", null, 4);
        assertEquals("""
                bid_price: 1.5
                party {
                  quantity: 3
                }
                testkitParty {
                  name: "n"
                  id: 4
                }
                """, Protoc.decode(dir, "awkward.proto", "io.zwire.binary.proto.Awkward", numbered(value)));
        assertTrue(proto.contains("message Party {\n  optional sint32 quantity = 1;\n}"), proto);
        assertTrue(proto.contains("message Party_2 {"), proto);
        assertTrue(proto.contains("// - Awkward.bid_price (1): zwire's field name \"bid-price\" is not a protobuf identifier"), proto);
        assertTrue(proto.contains("// - Awkward.untyped (4): a sequence with no element recorded, so its element kind is unknown;"
                + " not declared"), proto);
        assertTrue(proto.contains("  // 4 untyped: not declared, see the file's comment\n"), proto);
    }

    /**
     * protoc's descriptors of the generated file, in protobuf-java, read random zwire documents
     * exactly as the hand-built descriptors of the oracle tests do, typed objects included, with
     * no field left unknown.
     */
    @Test
    void protocDescriptorsReadRandomDocumentsAsTheOracleDescriptorsDo() throws IOException {
        Protoc.assumePresent();
        FileDescriptor file = compile("all_types.proto", ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES));
        Descriptor generated = file.findMessageTypeByName("AllTypes");
        RandomModel random = new RandomModel(31);
        for (int i = 0; i < 500; i++) {
            AllTypes all = random.allTypes();
            DynamicMessage message = DynamicMessage.parseFrom(generated, numbered(all));
            assertEquals(text(ProtoModel.toProto(all), alias -> "Order".equals(alias) ? ProtoModel.ORDER : ProtoModel.PARTY),
                    text(message, file::findMessageTypeByName), () -> "protobuf's view of " + all);
        }
    }

    // ------------------------------------------------------------------ without protoc

    @Test
    void theDeclarationsMatchTheHandBuiltOracleDescriptors() {
        List<String> generated = declarations(ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES)
                .replace("Sint32Sequence", "Int32Row"));
        List<String> oracle = new ArrayList<>(ProtoModel.toProtoText(ProtoModel.ORDER_FILE));
        oracle.addAll(ProtoModel.toProtoText(ProtoModel.ALL_TYPES_FILE));
        for (String type : List.of("enum Side {", "message Party {", "message Order {", "message AllTypes {",
                "message Int32Row {", "message Typed {")) {
            assertEquals(block(oracle, type), block(generated, type), type);
        }
    }

    /** A regression check of the whole text, comments included, against a copy read by a person. */
    @Test
    void ordersFileIsTheCommittedOne() throws IOException {
        assertEquals(Files.readString(Path.of("src/test/proto/generated/order.proto")), ProtoSchema.of(Schema.of(Order::new)));
    }

    @Test
    void theSameTypeGivesTheSameText() {
        assertEquals(ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES), ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES));
    }

    // ------------------------------------------------------------------ helpers

    private FileDescriptor compile(String name, String proto) throws IOException {
        FileDescriptorSet set = FileDescriptorSet.parseFrom(Protoc.descriptorSet(dir, name, proto));
        try {
            return FileDescriptor.buildFrom(set.getFile(0), new FileDescriptor[0]);
        } catch (DescriptorValidationException e) {
            throw new AssertionError(e);
        }
    }

    /** One NUMBERED document without its leading length: what protoc decodes. */
    private static byte[] numbered(Marshallable value) {
        return numbered(wire -> wire.writeDocument(value));
    }

    /** As {@link #numbered(Marshallable)}, for the document {@code write} writes. */
    private static byte[] numbered(java.util.function.Consumer<Wire> write) {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(TYPES));
        write.accept(wire);
        byte[] document = wire.bytes().toByteArray();
        int at = 0;
        long length = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = document[at++];
            length |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        assertEquals(document.length - at, length, "one document");
        return Arrays.copyOfRange(document, at, document.length);
    }

    /**
     * A message in protobuf's text format, with a typed payload's value decoded as the message
     * its alias names; fails on any field the descriptors left unknown.
     */
    private static String text(Message message, Function<String, Descriptor> byAlias) throws IOException {
        assertTrue(message.getUnknownFields().asMap().isEmpty(), () -> "unknown fields in " + message);
        for (Map.Entry<FieldDescriptor, Object> field : message.getAllFields().entrySet()) {
            if (field.getKey().getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                List<?> values = field.getKey().isRepeated() ? (List<?>) field.getValue() : List.of(field.getValue());
                for (Object value : values) {
                    assertTrue(((Message) value).getUnknownFields().asMap().isEmpty(), () -> "unknown fields in " + value);
                }
            }
        }
        FieldDescriptor payload = message.getDescriptorForType().findFieldByName("payload");
        if (payload == null || !message.hasField(payload)) {
            return TextFormat.printer().printToString(message);
        }
        Message typed = (Message) message.getField(payload);
        String alias = (String) typed.getField(typed.getDescriptorForType().findFieldByName("alias"));
        ByteString value = (ByteString) typed.getField(typed.getDescriptorForType().findFieldByName("value"));
        Message inside = DynamicMessage.parseFrom(byAlias.apply(alias), value);
        return TextFormat.printer().printToString(message.toBuilder().clearField(payload).build())
                + "payload " + alias + " {\n" + text(inside, byAlias) + "}\n";
    }

    /** The lines of a {@code .proto} without comments and blank lines, as {@link ProtoModel#toProtoText} prints them. */
    private static List<String> declarations(String proto) {
        return proto.lines()
                .map(line -> line.replaceAll("//.*", "").strip().replaceAll("\\s+", " "))
                .filter(line -> !line.isEmpty())
                .toList();
    }

    private static List<String> block(List<String> lines, String start) {
        int from = lines.indexOf(start);
        assertTrue(from >= 0, () -> start + " in " + lines);
        return lines.subList(from, lines.subList(from, lines.size()).indexOf("}") + from + 1);
    }

    // ------------------------------------------------------------------ models

    /** Sequences of enums, of sequences of objects, of sequences of sequences, and of typed objects. */
    public static final class Grid implements Marshallable {
        static final Field SIDES = Field.of(1, "sides");
        static final Field ROWS = Field.of(2, "rows");
        static final Field CUBE = Field.of(3, "cube");
        static final Field ITEMS = Field.of(4, "items");

        final List<Side> sides = new ArrayList<>();
        final List<List<Party>> rows = new ArrayList<>();
        final List<List<List<Long>>> cube = new ArrayList<>();
        final List<Marshallable> items = new ArrayList<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SIDES).sequence(this, (o, seq) -> o.sides.forEach(seq::asEnum))
               .write(ROWS).sequence(this, (o, seq) -> {
                   for (List<Party> row : o.rows) {
                       seq.sequence(row, (r, cells) -> r.forEach(cells::marshallable));
                   }
               })
               .write(CUBE).sequence(this, (o, seq) -> {
                   for (List<List<Long>> plane : o.cube) {
                       seq.sequence(plane, (p, rows) -> {
                           for (List<Long> row : p) {
                               rows.sequence(row, (r, cells) -> r.forEach(cells::int64));
                           }
                       });
                   }
               })
               .write(ITEMS).sequence(this, (o, seq) -> o.items.forEach(seq::typed));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(SIDES).sequence(this, (o, seq) -> {
                o.sides.clear();
                while (seq.hasNextElement()) {
                    o.sides.add(seq.asEnum(Side.class));
                }
            }).read(ROWS).sequence(this, (o, seq) -> {
                o.rows.clear();
                while (seq.hasNextElement()) {
                    List<Party> row = new ArrayList<>();
                    seq.sequence(row, (r, cells) -> {
                        while (cells.hasNextElement()) {
                            cells.marshallable(r, null, Party::new, List::add);
                        }
                    });
                    o.rows.add(row);
                }
            }).read(CUBE).sequence(this, (o, seq) -> {
                o.cube.clear();
                while (seq.hasNextElement()) {
                    List<List<Long>> plane = new ArrayList<>();
                    seq.sequence(plane, (p, rows) -> {
                        while (rows.hasNextElement()) {
                            List<Long> row = new ArrayList<>();
                            rows.sequence(row, (r, cells) -> {
                                while (cells.hasNextElement()) {
                                    r.add(cells.int64());
                                }
                            });
                            p.add(row);
                        }
                    });
                    o.cube.add(plane);
                }
            }).read(ITEMS).sequence(this, (o, seq) -> {
                o.items.clear();
                while (seq.hasNextElement()) {
                    seq.typed(Marshallable.class, o, null, (x, v) -> x.items.add(v));
                }
            });
        }
    }

    /**
     * A field name with a hyphen, a class whose simple name another class has, and a sequence
     * whose element the read side never reads.
     */
    public static final class Awkward implements Marshallable {
        static final Field BID_PRICE = Field.of(1, "bid-price");
        static final Field PARTY = Field.of(2, "party");
        static final Field TESTKIT_PARTY = Field.of(3, "testkitParty");
        static final Field UNTYPED = Field.of(4, "untyped");

        double bidPrice;
        Party party;
        io.zwire.example.Party testkitParty;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(BID_PRICE).float64(bidPrice)
               .write(PARTY).marshallable(party)
               .write(TESTKIT_PARTY).marshallable(testkitParty)
               .write(UNTYPED).sequence(this, (o, seq) -> { });
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(BID_PRICE).float64(this, (o, v) -> o.bidPrice = v)
              .read(PARTY).marshallable(this, party, Party::new, (o, v) -> o.party = v)
              .read(TESTKIT_PARTY).marshallable(this, testkitParty, io.zwire.example.Party::new, (o, v) -> o.testkitParty = v)
              .read(UNTYPED).sequence(this, (o, seq) -> { });
        }

        /** Named as the test model's Party, which the same file declares first. */
        public static final class Party implements Marshallable {
            static final Field QUANTITY = Field.of(1, "quantity");
            int quantity;

            @Override
            public void writeMarshallable(WireOut out) {
                out.write(QUANTITY).int32(quantity);
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(QUANTITY).int32(this, (o, v) -> o.quantity = v);
            }
        }
    }

    /**
     * Maps the schema cannot fully know, or declares another way: one whose key the reader never
     * reads and whose sample is empty, one whose value it never reads, one of typed objects, a
     * sequence of maps, and one of int8 values.
     */
    public static final class MapShapes implements Marshallable {
        static final Field UNKNOWN_KEY = Field.of(1, "unknownKey");
        static final Field UNKNOWN_VALUE = Field.of(2, "unknownValue");
        static final Field TYPED = Field.of(3, "typed");
        static final Field MAPS = Field.of(4, "maps");
        static final Field SMALL = Field.of(5, "small");

        final Map<String, Marshallable> typed = new java.util.LinkedHashMap<>();
        final List<Map<String, Integer>> maps = new ArrayList<>();
        final Map<String, Byte> small = new java.util.LinkedHashMap<>();
        /** The key of the typed entry being read, so the setter captures nothing. */
        String typedKey;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(UNKNOWN_KEY).map(this, (o, m) -> { })
               .write(UNKNOWN_VALUE).map(this, (o, m) -> { })
               .write(TYPED).map(this, (o, m) -> o.typed.forEach((k, v) -> m.key(k).typed(v)))
               .write(MAPS).sequence(this, (o, seq) -> {
                   for (Map<String, Integer> map : o.maps) {
                       seq.map(map, (x, m) -> x.forEach((k, v) -> m.key(k).int32(v)));
                   }
               })
               .write(SMALL).map(this, (o, m) -> o.small.forEach((k, v) -> m.key(k).int8(v)));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(UNKNOWN_KEY).map(this, (o, m) -> { })
              .read(UNKNOWN_VALUE).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.int64Key();
                  }
              })
              .read(TYPED).map(this, (o, m) -> {
                  o.typed.clear();
                  while (m.hasNextEntry()) {
                      o.typedKey = m.textKey();
                      m.typed(Marshallable.class, o, null, (x, v) -> x.typed.put(x.typedKey, v));
                  }
              })
              .read(MAPS).sequence(this, (o, seq) -> {
                  o.maps.clear();
                  while (seq.hasNextElement()) {
                      Map<String, Integer> map = new java.util.LinkedHashMap<>();
                      seq.map(map, (x, m) -> {
                          while (m.hasNextEntry()) {
                              x.put(m.textKey(), m.int32());
                          }
                      });
                      o.maps.add(map);
                  }
              })
              .read(SMALL).map(this, (o, m) -> {
                  o.small.clear();
                  while (m.hasNextEntry()) {
                      o.small.put(m.textKey(), m.int8());
                  }
              });
        }
    }

    enum Colour { NONE, RED }

    enum Shape { NONE, SQUARE }

    /** Two enums whose constants share a name, which protobuf's file scope does not allow. */
    public static final class TwoEnums implements Marshallable {
        static final Field COLOUR = Field.of(1, "colour");
        static final Field SHAPE = Field.of(2, "shape");

        Colour colour;
        Shape shape;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(COLOUR).asEnum(colour)
               .write(SHAPE).asEnum(shape);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(COLOUR).asEnum(Colour.class, this, (o, v) -> o.colour = v)
              .read(SHAPE).asEnum(Shape.class, this, (o, v) -> o.shape = v);
        }
    }
}
