package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exact text the writer produces: the layout docs/formats.md shows and the quoting policy. */
class YamlFormatTest {
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    static String write(WireType type, Marshallable... documents) {
        Wire wire = type.apply(Bytes.elastic(64), WireOptions.defaults().withTypes(TYPES));
        for (Marshallable document : documents) {
            wire.writeDocument(document);
        }
        return new String(wire.bytes().toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void theSampleOrderWithNames() {
        assertEquals("""
                ---
                id: 1000001
                symbol: EURUSD
                price: 1.08345
                qty: 1000000
                side: BUY
                party:
                  name: Meridian Capital Partners
                  account: MCP-EU-000042
                  id: 42
                """, write(WireType.YAML, Order.sample()));
    }

    @Test
    void theSampleOrderWithNumbers() {
        assertEquals("""
                ---
                1: 1000001
                2: EURUSD
                3: 1.08345
                4: 1000000
                5: BUY
                6:
                  1: Meridian Capital Partners
                  2: MCP-EU-000042
                  3: 42
                """, write(WireType.YAML_NUMBERED, Order.sample()));
    }

    @Test
    void everyKindOfValueAndNesting() {
        AllTypes all = new AllTypes();
        all.float32 = 0.1f;
        all.float64 = 1e300;
        all.char16 = '\uD800';
        all.text = "key: value";
        all.data = new byte[] {0, 1, 2, (byte) 0xFF, 0x7F};
        all.longs.add(5L);
        all.tags.add("yes");
        all.parties.add(new Party("Bob", null, 2));
        all.matrix.add(List.of(1, 2));
        all.matrix.add(List.of());
        all.payload = new Party("p", "a", 1);
        assertEquals("""
                ---
                int8: 0
                int16: 0
                uint16: 0
                int32: 0
                int64: 0
                float32: 0.1
                float64: 1.0E+300
                bool: false
                char16: "\\uD800"
                text: "key: value"
                note: ""
                data: !!binary AAEC/38=
                side: null
                party: null
                longs:
                  - 5
                tags:
                  - "yes"
                parties:
                  - name: Bob
                    account: null
                    id: 2
                matrix:
                  - - 1
                    - 2
                  - []
                payload: !Party
                  name: p
                  account: a
                  id: 1
                """, write(WireType.YAML, all));
    }

    @Test
    void emptyObjectsAndSequencesUseFlowStyleOnTheirLine() {
        AllTypes all = new AllTypes();
        all.party = new Party();
        all.parties.add(new Party());
        all.matrix.add(List.of());
        all.payload = new Order();
        String yaml = write(WireType.YAML, all);
        assertTrue(yaml.contains("\nlongs: []\n"), yaml);
        assertTrue(yaml.contains("\nparties:\n  - name: null\n    account: null\n    id: 0\n"), yaml);
        assertTrue(yaml.contains("\nmatrix:\n  - []\n"), yaml);
        assertTrue(yaml.contains("\nparty:\n  name: null\n"), yaml);
        Marshallable empty = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        assertEquals("--- {}\n--- {}\n", write(WireType.YAML, empty, empty));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '`', value = {
        "EURUSD => EURUSD",
        "Meridian Capital Partners => Meridian Capital Partners",
        "MCP-EU-000042 => MCP-EU-000042",
        "caf\u00e9 => caf\u00e9",
        "a-b: c => \"a-b: c\"",
        "`` => \"\"",
        "` x` => \" x\"",
        "`x ` => \"x \"",
        "# no => \"# no\"",
        "x # no => \"x # no\"",
        "x#yes => x#yes",
        "ends: => \"ends:\"",
        "a:b => a:b",
        "- item => \"- item\"",
        "-item => \"-item\"",
        "? key => \"? key\"",
        "yes => \"yes\"",
        "No => \"No\"",
        "ON => \"ON\"",
        "y => \"y\"",
        "null => \"null\"",
        "Null => \"Null\"",
        "~ => \"~\"",
        "TRUE => \"TRUE\"",
        "False => \"False\"",
        ".inf => \".inf\"",
        ".NaN => \".NaN\"",
        "<< => \"<<\"",
        "= => \"=\"",
        "nULL => nULL",
        "yesterday => yesterday",
        "123 => \"123\"",
        "1_000 => \"1_000\"",
        "2001-12-14 => \"2001-12-14\"",
        "+1 => \"+1\"",
        ".5 => \".5\"",
        "... => \"...\"",
        "--- => \"---\"",
        "[seq] => \"[seq]\"",
        "{map} => \"{map}\"",
        "*alias => \"*alias\"",
        "&anchor => \"&anchor\"",
        "!tag => \"!tag\"",
        "%percent => \"%percent\"",
        "@at => \"@at\"",
        "|pipe => \"|pipe\"",
        "'quoted' => \"'quoted'\"",
        "say \"hi\" => say \"hi\"",
        "\"start => \"\\\"start\"",
    })
    void textIsPlainUnlessItMustBeQuoted(String text, String expected) {
        Order order = new Order(0, text, 0, 0, null, null);
        String yaml = write(WireType.YAML, order);
        String line = yaml.lines().filter(l -> l.startsWith("symbol: ")).findFirst().orElseThrow();
        assertEquals("symbol: " + expected, line);
    }

    @Test
    void controlsAndSpecialCharactersAreEscaped() {
        Order order = new Order(0, "a\tb\nc\u0000\u0007\u001b\u007f\u0085\u0090\u00a0\u2028\u2029\uFEFF\uFFFE\\\"\uD83D\uDE00\uD800", 0, 0, null, null);
        String line = write(WireType.YAML, order).lines().filter(l -> l.startsWith("symbol: ")).findFirst().orElseThrow();
        assertEquals("symbol: \"a\\tb\\nc\\0\\a\\e\\x7F\\N\\x90\u00a0\\u2028\\u2029\\uFEFF\\uFFFE\\\\\\\"\uD83D\uDE00\\uD800\"", line);
    }

    @Test
    void charsAreOneCharacterStrings() {
        StringBuilder lines = new StringBuilder();
        for (char c : new char[] {'a', 'Z', '_', 'y', 'N', '1', '#', ' ', '"', '\\', '\0', '\u00e9', '\uDFFF', '\uFFFF'}) {
            AllTypes all = new AllTypes();
            all.char16 = c;
            lines.append(write(WireType.YAML, all).lines().filter(l -> l.startsWith("char16: ")).findFirst().orElseThrow())
                    .append('\n');
        }
        assertEquals("""
                char16: a
                char16: Z
                char16: _
                char16: "y"
                char16: "N"
                char16: "1"
                char16: "#"
                char16: " "
                char16: "\\""
                char16: "\\\\"
                char16: "\\0"
                char16: "\u00e9"
                char16: "\\uDFFF"
                char16: "\\uFFFF"
                """, lines.toString());
    }

    @Test
    void floatsInTheirShortestExactForm() {
        StringBuilder lines = new StringBuilder();
        for (double v : new double[] {1.08345, -0.0, 0.0, 100.0, 1e7, 1.0E-5, Double.MIN_VALUE, Double.MAX_VALUE,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            lines.append(write(WireType.YAML, new Order(0, null, v, 0, null, null)).lines()
                    .filter(l -> l.startsWith("price: ")).findFirst().orElseThrow()).append('\n');
        }
        assertEquals("""
                price: 1.08345
                price: -0.0
                price: 0.0
                price: 100.0
                price: 1.0E+7
                price: 1.0E-5
                price: 4.9E-324
                price: 1.7976931348623157E+308
                price: .nan
                price: .inf
                price: -.inf
                """, lines.toString());
    }

    /** Typed and untyped objects, a scalar and a nested sequence as sequence elements: each on its "- " line. */
    @Test
    void sequenceElementsStartOnTheirDashLine() {
        Field items = Field.of(1, "items");
        Marshallable document = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(items).sequence(this, (o, seq) -> {
                    seq.typed(new Party("p", "a", 1));
                    seq.marshallable(new Party("q", "b", 2));
                    seq.typed(new Order());
                    seq.int32(7);
                    seq.sequence(o, (p, inner) -> inner.text("x"));
                });
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        String yaml = write(WireType.YAML, document);
        assertTrue(yaml.startsWith("""
                ---
                items:
                  - !Party
                    name: p
                    account: a
                    id: 1
                  - name: q
                    account: b
                    id: 2
                  - !Order
                    id: 0
                """), yaml);
        assertTrue(yaml.endsWith("""
                  - 7
                  - - x
                """), yaml);
    }

    /** Fields named "a" to 50 a's, at the top and nested: keys of every length around the word stores. */
    static final class KeyLengths implements Marshallable {
        static final Field[] FIELDS = new Field[50];
        static {
            for (int i = 0; i < FIELDS.length; i++) {
                FIELDS[i] = Field.of(i + 1, "a".repeat(i + 1));
            }
        }
        final boolean nested;

        KeyLengths(boolean nested) {
            this.nested = nested;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            for (int i = 0; i < FIELDS.length; i++) {
                out.write(FIELDS[i]).int32(i);
            }
            if (nested) {
                out.write(Field.of(51, "inner")).marshallable(new KeyLengths(false));
            }
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    @Test
    void keysOfEveryLengthAreWrittenWhole() {
        StringBuilder top = new StringBuilder("---\n");
        StringBuilder inner = new StringBuilder();
        for (int i = 0; i < KeyLengths.FIELDS.length; i++) {
            top.append("a".repeat(i + 1)).append(": ").append(i).append('\n');
            inner.append("  ").append("a".repeat(i + 1)).append(": ").append(i).append('\n');
        }
        top.append("inner:\n").append(inner);
        assertEquals(top.toString(), write(WireType.YAML, new KeyLengths(true)));
    }

    /** A type whose field names need quoting, or are too long for an implicit key. */
    static final class OddNames implements Marshallable {
        static final Field COLON = Field.of(1, "a: b");
        static final Field TRUE = Field.of(2, "true");
        static final Field LONG = Field.of(3, "n".repeat(1500));
        static final Field UNICODE = Field.of(4, "pr\u00e9nom");
        long a;
        long b;
        long c;
        long d;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(COLON).int64(a).write(TRUE).int64(b).write(LONG).int64(c).write(UNICODE).int64(d);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(COLON).int64(this, (o, v) -> o.a = v)
              .read(TRUE).int64(this, (o, v) -> o.b = v)
              .read(LONG).int64(this, (o, v) -> o.c = v)
              .read(UNICODE).int64(this, (o, v) -> o.d = v);
        }
    }

    @Test
    void fieldNamesAreQuotedWhenTheyMustBeAndLongOnesUseExplicitKeys() {
        OddNames odd = new OddNames();
        odd.a = 1;
        odd.b = 2;
        odd.c = 3;
        odd.d = 4;
        String yaml = write(WireType.YAML, odd);
        assertEquals("---\n\"a: b\": 1\n\"true\": 2\n? " + "n".repeat(1500) + "\n: 3\npr\u00e9nom: 4\n", yaml);
        Wire wire = WireType.YAML.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)));
        OddNames copy = new OddNames();
        assertTrue(wire.readDocument(copy));
        assertEquals(List.of(1L, 2L, 3L, 4L), List.of(copy.a, copy.b, copy.c, copy.d));
    }
}
