package io.zwire.conversion;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A table of conversions from one source wire to each wire {@code zwire convert} writes (BINARY,
 * YAML, YAML_NUMBERED, JSON): each row is a document as the source writes it and, per target
 * wire, either the exact output ({@code readSingleValue} then {@code writeValue}, the
 * path {@code zwire convert --single} takes) or the {@link WireException} with its offset and what
 * it expected. BINARY is given and compared as hex, the text wires as text. Every exact output is
 * also read back on its target and written again, which must give the same bytes: a mapping reads
 * back as itself. A refusal leaves the target's buffer empty. YAML and YAML_NUMBERED share one
 * plain-value writer (keys are written as they are on both), so a row gives one YAML outcome and
 * both are held to it.
 */
final class ConversionTable {
    private static final HexFormat HEX = HexFormat.of();

    private static final List<WireType> TARGETS = List.of(WireType.BINARY, WireType.YAML, WireType.YAML_NUMBERED, WireType.JSON);

    private final WireType source;
    private final List<Row> rows = new ArrayList<>();

    /** What converting one row to one target gives. */
    record Outcome(String output, long offset, String expected) {
        boolean refused() {
            return output == null;
        }
    }

    private record Row(String input, Map<WireType, Outcome> outcomes) {
    }

    ConversionTable(WireType source) {
        this.source = source;
    }

    /** The exact output: hex on BINARY, text on the text wires. */
    static Outcome writes(String output) {
        return new Outcome(output, -1, null);
    }

    /** A refusal: a {@link WireException} at {@code offset} whose message holds {@code expected}. */
    static Outcome refused(long offset, String expected) {
        return new Outcome(null, offset, expected);
    }

    /** A row: the input (hex on BINARY and NUMBERED, else text) and its outcome on each target. */
    ConversionTable row(String input, Outcome binary, Outcome yaml, Outcome json) {
        Map<WireType, Outcome> byTarget = new EnumMap<>(WireType.class);
        byTarget.put(WireType.BINARY, binary);
        byTarget.put(WireType.YAML, yaml);
        byTarget.put(WireType.YAML_NUMBERED, yaml);
        byTarget.put(WireType.JSON, json);
        rows.add(new Row(input, byTarget));
        return this;
    }

    /** A row the text wires refuse to write: exact on BINARY, the same refusal at offset 0 on the others. */
    ConversionTable onlyBinary(String input, String binary, String expected) {
        return row(input, writes(binary), refused(0, expected), refused(0, expected));
    }

    /** A row refused on reading, whatever the target. */
    ConversionTable unreadable(String input, long offset, String expected) {
        return row(input, refused(offset, expected), refused(offset, expected), refused(offset, expected));
    }

    /** One container per pair of wires, one test per row. */
    List<DynamicContainer> pairs() {
        List<DynamicContainer> pairs = new ArrayList<>();
        for (WireType target : TARGETS) {
            List<DynamicTest> tests = new ArrayList<>();
            for (Row row : rows) {
                Outcome outcome = row.outcomes().get(target);
                tests.add(DynamicTest.dynamicTest(row.input() + (outcome.refused() ? " is refused" : " -> " + outcome.output()),
                        () -> check(row.input(), target, outcome)));
            }
            pairs.add(DynamicContainer.dynamicContainer(source + " to " + target, tests));
        }
        return pairs;
    }

    private void check(String input, WireType target, Outcome outcome) {
        Wire reader = source.apply(Bytes.wrap(encode(source, input)));
        Wire writer = target.apply(Bytes.elastic(64));
        if (outcome.refused()) {
            WireException refusal = assertThrows(WireException.class, () -> writer.writeValue(reader.readSingleValue()));
            assertEquals(outcome.offset(), refusal.offset(), refusal.getMessage());
            assertTrue(refusal.getMessage().contains(outcome.expected()), refusal.getMessage());
            assertEquals(0, writer.bytes().writePosition(), "a refusal writes nothing");
            return;
        }
        writer.writeValue(reader.readSingleValue());
        byte[] output = writer.bytes().toByteArray();
        assertEquals(outcome.output(), decode(target, output));
        Wire again = target.apply(Bytes.elastic(64));
        again.writeValue(target.apply(Bytes.wrap(output)).readSingleValue());
        assertEquals(outcome.output(), decode(target, again.bytes().toByteArray()), "read back and written again on " + target);
    }

    private static byte[] encode(WireType wire, String text) {
        return wire == WireType.BINARY || wire == WireType.NUMBERED ? HEX.parseHex(text) : text.getBytes(StandardCharsets.UTF_8);
    }

    private static String decode(WireType wire, byte[] bytes) {
        return wire == WireType.BINARY ? HEX.formatHex(bytes) : new String(bytes, StandardCharsets.UTF_8);
    }
}
