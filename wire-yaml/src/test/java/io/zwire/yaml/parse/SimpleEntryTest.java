package io.zwire.yaml.parse;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.internal.RecentValues;
import io.zwire.text.keys.FieldKeys;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parser's fast path for "key: value" lines ({@link SimpleLineScanner#readLine}) against its
 * general path ({@link YamlParser#next()} alone), on documents built from the fragments where the
 * fast path decides whether it may take a line: keys spelled and misspelled, values that are
 * integers of every length or almost integers, what follows them on the line, and what the next
 * line starts with. Each document is read both ways; the keys, values, nesting, integer values
 * and where reading ends (or the error and its offset) must be the same.
 */
class SimpleEntryTest {
    private static final Field[] FIELDS = {Field.of(1, "a"), Field.of(2, "id"), Field.of(12, "qty"), Field.of(7, "b-c")};
    private static final String[] KEYS = {"a", "id", "qty", "b-c", "1", "2", "12", "7", "01", "ab", "\"a\"", "a ", "q"};
    private static final String[] VALUES = {"0", "7", "42", "-5", "1234567", "12345678", "123456789", "-1234567",
        "9223372036854775807", "12ab", "12 #c", "1.5", "007", "-0.0", "0.25", "1.", "-.5", "1.5e3", "1.5.5", "1.5:x",
        "123456789.123456789", "12345678.1234567891", "9007199254740993.5", "-1.08345", "00.50", "1234567.1234567",
        "1234567.12345678", "12345678.5", "0.1234567", "-", "- 1", "x", "\"q\"", "'s'", "", "12 ", "1\t", "!!int 3",
        "&n 5", "*n", "[1]", "{}", "|", "true"};
    private static final String[] BREAKS = {"\n", "\n", "\n", "\r\n", ""};
    private static final String[] NEXT_LINES = {"", "", "", "  ", " ", "\t", "#c", "- x", "...", "---", "!t k: 1", "\"k\": 1",
        "? k", ".5: 1", "-1: 2", "\n", "k:", "    deeper"};

    /** Values the fast path read as a number with a fraction, each checked against its text. */
    private static int fractions;
    /** Values the fast path read that were the field's value remembered as plain: see {@link #read}. */
    private static int recalled;

    @Test
    void readsEveryLineExactlyAsTheGeneralPathDoes() {
        Random random = new Random(20261121);
        FieldKeys named = new FieldKeys(SimpleKeys::named);
        FieldKeys numbered = new FieldKeys(SimpleKeys::numbered);
        RecentValues namedRecent = new RecentValues(FieldKeys.SLOT_COUNT);
        RecentValues numberedRecent = new RecentValues(FieldKeys.SLOT_COUNT);
        int fast = 0;
        for (int i = 0; i < 40_000; i++) {
            String yaml = document(random);
            byte[] data = yaml.getBytes(StandardCharsets.UTF_8);
            boolean byName = random.nextBoolean();
            List<String> general = read(data, null, null, null);
            List<String> withFastPath = byName ? read(data, named, "named", namedRecent) : read(data, numbered, "numbered", numberedRecent);
            assertEquals(general, withFastPath.subList(0, withFastPath.size() - 1), yaml);
            fast += Integer.parseInt(withFastPath.get(withFastPath.size() - 1));
        }
        assertTrue(fast > 20_000, "the fast path took " + fast + " lines");
        assertTrue(fractions > 300, "the fast path read " + fractions + " numbers with a fraction");
        assertTrue(recalled > 1_000, "the fast path read " + recalled + " values remembered as plain");
    }

    /**
     * Every fast path against the general path alone: a comment at the end of every line changes
     * nothing in YAML (outside block scalars and plain scalars that continue on the next line,
     * which those documents leave out) but makes the parser take the general path for every line,
     * the root mapping after "--- #c" and the end of the input. The events, or whether the
     * document is refused, must be equal.
     */
    @Test
    void readsEveryDocumentAsTheGeneralPathDoes() {
        Random random = new Random(11212026);
        int compared = 0;
        for (int i = 0; i < 40_000; i++) {
            String body = document(random).replaceFirst("^---\n", "");
            if (body.contains("|") || body.contains("deeper")) {
                continue;
            }
            String commented = body.replaceAll("(\r?\n)", " #c$1") + (body.endsWith("\n") ? "" : " #c");
            assertEquals(events("--- #c\n" + commented), events("---\n" + body), body);
            compared++;
        }
        assertTrue(compared > 30_000, compared + " documents compared");
    }

    private static String events(String yaml) {
        try {
            return EventFormatter.events(yaml.getBytes(StandardCharsets.UTF_8));
        } catch (WireException e) {
            return "refused";
        }
    }

    private static String document(Random random) {
        // Half the documents are what writers produce (the fast path's lines), half anything.
        boolean clean = random.nextBoolean();
        StringBuilder yaml = new StringBuilder(random.nextInt(4) == 0 ? "" : "---\n");
        int lines = 1 + random.nextInt(5);
        for (int line = 0; line < lines; line++) {
            boolean nested = random.nextInt(5) == 0;
            yaml.append(clean ? FIELDS[random.nextInt(FIELDS.length)].name() : pick(random, KEYS)).append(':');
            String value = clean ? VALUES[random.nextInt(9)] : pick(random, VALUES);
            if (nested) {
                yaml.append('\n').append("  ").append(pick(random, KEYS)).append(": ").append(value).append('\n');
            } else {
                yaml.append(!clean && random.nextInt(10) == 0 ? "  " : " ").append(value).append(clean ? "\n" : pick(random, BREAKS));
            }
            if (!clean && random.nextInt(3) == 0) {
                yaml.append(pick(random, NEXT_LINES));
                if (random.nextBoolean()) {
                    yaml.append('\n');
                }
            }
        }
        return yaml.toString();
    }

    private static String pick(Random random, String[] choices) {
        return choices[random.nextInt(choices.length)];
    }

    /**
     * The document's keys ("K"), values ("V", with their style and text, and the integer the fast
     * path read), nesting and end, as the parser gives them; with {@code keys}, the fast path is
     * tried for every field wherever a key may come, and the last element counts the lines it took.
     * Every plain value of a field whose text is its value is then kept in {@code recent}, as the
     * typed reader keeps the text and enum constants it reads, for the fast path to recognise.
     */
    private static List<String> read(byte[] data, FieldKeys keys, String spelling, RecentValues recent) {
        List<String> out = new ArrayList<>();
        YamlParser parser = new YamlParser("YAML", ReadLimits.defaults());
        SimpleLineScanner lines = new SimpleLineScanner(parser);
        parser.reset(Bytes.wrap(data), data, 0, 0, data.length);
        Deque<boolean[]> maps = new ArrayDeque<>();
        int fast = 0;
        int valueSlot = -1;
        try {
            if (!parser.startDocument()) {
                out.add("no document");
            }
            while (out.isEmpty() || !out.get(out.size() - 1).startsWith("end")) {
                boolean keyNext = !maps.isEmpty() && maps.peek()[0] && maps.peek()[1];
                int event = 0;
                if (keys != null && keyNext) {
                    for (Field field : FIELDS) {
                        int slot = keys.slot(field);
                        event = lines.readLine(keys, slot, recent);
                        if (event != 0) {
                            fast++;
                            out.add("K " + (spelling.equals("named") ? field.name() : Integer.toString(field.number())));
                            maps.peek()[1] = false;
                            record(out, maps, event, parser, lines, data, true);
                            if (event == YamlParser.SCALAR && recalled(recent, slot, parser, lines, data)) {
                                recalled++;
                            }
                            valueSlot = event == YamlParser.SCALAR ? slot : -1;
                            break;
                        }
                    }
                }
                if (event == 0) {
                    event = parser.next();
                    boolean key = !maps.isEmpty() && maps.peek()[0] && maps.peek()[1];
                    record(out, maps, event, parser, lines, data, false);
                    if (keys != null && event == YamlParser.SCALAR) {
                        valueSlot = key ? slotOf(parser, data, keys, spelling) : valueSlot;
                    }
                }
                if (keys != null && event == YamlParser.SCALAR && valueSlot >= 0 && !out.get(out.size() - 1).startsWith("K ")) {
                    Scalar scalar = parser.scalar();
                    if (scalar.plain() && scalar.simple()) {
                        recent.rememberPlain(valueSlot, data, scalar.start(), scalar.end() - scalar.start(), "text");
                    }
                    valueSlot = -1;
                }
            }
        } catch (WireException e) {
            out.add("error at " + e.offset() + ": " + e.getMessage());
        }
        if (keys != null) {
            out.add(Integer.toString(fast));
        }
        return out;
    }

    /**
     * Whether the value the fast path just read is the one {@code recent} keeps for the slot as
     * plain, and not a number (which the fast path reads before it looks at what it keeps).
     */
    private static boolean recalled(RecentValues recent, int slot, YamlParser parser, SimpleLineScanner lines, byte[] data) {
        Scalar scalar = parser.scalar();
        int length = scalar.end() - scalar.start();
        return slot >= 0 && length > 0 && recent.plainLength(slot) == length && recent.match(slot, data, scalar.start(), length) != null
                && lines.decimal() == SimpleLineScanner.NOT_DECIMAL && lines.fraction() == SimpleLineScanner.NOT_DECIMAL;
    }

    /** The slot of the field whose key the general path just read, or -1 for none of {@link #FIELDS}. */
    private static int slotOf(YamlParser parser, byte[] data, FieldKeys keys, String spelling) {
        Scalar scalar = parser.scalar();
        String key = new String(data, scalar.start(), scalar.end() - scalar.start(), StandardCharsets.UTF_8);
        for (Field field : FIELDS) {
            if (key.equals(spelling.equals("named") ? field.name() : Integer.toString(field.number()))) {
                return keys.slot(field);
            }
        }
        return -1;
    }

    private static void record(List<String> out, Deque<boolean[]> maps, int event, YamlParser parser, SimpleLineScanner lines,
            byte[] data, boolean fast) {
        switch (event) {
            case YamlParser.MAPPING_START -> {
                valueTaken(maps);
                maps.push(new boolean[] {true, true});
                out.add("+MAP");
            }
            case YamlParser.SEQUENCE_START -> {
                valueTaken(maps);
                maps.push(new boolean[] {false, false});
                out.add("+SEQ");
            }
            case YamlParser.MAPPING_END, YamlParser.SEQUENCE_END -> {
                maps.pop();
                out.add(event == YamlParser.MAPPING_END ? "-MAP" : "-SEQ");
            }
            case YamlParser.DOCUMENT_END -> out.add("end at " + parser.position());
            default -> {
                boolean key = !maps.isEmpty() && maps.peek()[0] && maps.peek()[1];
                Scalar scalar = parser.scalar();
                String text = event == YamlParser.ALIAS ? "*"
                        : new String(data, scalar.start(), scalar.end() - scalar.start(), StandardCharsets.UTF_8);
                if (key) {
                    maps.peek()[1] = false;
                    out.add("K " + text);
                } else {
                    valueTaken(maps);
                    out.add("V " + (event == YamlParser.ALIAS ? "" : scalar.style()) + " " + text);
                    if (fast && lines.decimal() != SimpleLineScanner.NOT_DECIMAL) {
                        assertEquals(Long.parseLong(text), lines.decimal(), text);
                    } else if (fast && lines.fraction() != SimpleLineScanner.NOT_DECIMAL && event == YamlParser.SCALAR) {
                        assertTrue(text.matches("-?[0-9]+\\.[0-9]+"), text);
                        assertEquals(0, new BigDecimal(text).compareTo(BigDecimal.valueOf(lines.fraction(), lines.scale())), text);
                        fractions++;
                    }
                }
            }
        }
    }

    /** A value (or a collection as a value) was read: its mapping expects a key next. */
    private static void valueTaken(Deque<boolean[]> maps) {
        if (!maps.isEmpty() && maps.peek()[0]) {
            maps.peek()[1] = true;
        }
    }

    @Test
    void keepsOnlyKeysThatAreSimplePlainScalars() {
        byte[] out = new byte[48];
        assertEquals(4, SimpleKeys.named(Field.of(1, "qty"), out));
        assertEquals("qty:", new String(out, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(4, SimpleKeys.named(Field.of(1, "b-c"), out));
        assertEquals(4, SimpleKeys.numbered(Field.of(123, "x"), out));
        assertEquals("123:", new String(out, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(10, SimpleKeys.numbered(Field.of(Field.MAX_NUMBER, "x"), out));
        for (String name : new String[] {"-a", "?a", "a:b", "a#b", "a ", " a", "caf\u00e9", "[a", "&a", "*a", "!a", "\"a", "'a",
            "|a", ">a", "%a", "@a", "`a", "a\tb", "n".repeat(48)}) {
            assertEquals(-1, SimpleKeys.named(Field.of(1, name), out), name);
        }
    }
}
