package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Schema;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.binary.BinaryDump;
import io.zwire.example.Order;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code zwire demo}: one {@link Order} written over every available wire, shown as text or as
 * annotated hex ({@link BinaryDump}), binary documents also as YAML where the wire describes its
 * values, with the size and whether reading it back gives an equal order.
 */
public final class DemoCommand implements Command {
    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String summary() {
        return "write an Order over every available wire, show the bytes, read it back";
    }

    @Override
    public String synopsis() {
        return "zwire demo [--wire all|W[,W...]]";
    }

    @Override
    public String details() {
        return "Text wires are printed as text, binary wires as annotated hex (offset, bytes, and what they mean; RAW\n"
                + "through the Order's schema) and, where the wire describes its values, read back as plain values and\n"
                + "printed as YAML (NUMBERED: raw readings, field numbers as keys).\n"
                + "Exit status: 0 when every copy read back equals the original, 1 otherwise.";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.value("wire", "WIRES", "wires to show (default: all available; names: " + WireNames.known() + ")"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        List<WireType> wires = WireNames.parseAll(arguments.list("wire"));
        Order original = Order.sample();
        console.out().println("Order.sample(): " + original);
        List<String> missing = new ArrayList<>();
        for (WireType type : WireType.values()) {
            if (!type.isAvailable()) {
                missing.add(type.name());
            }
        }
        console.out().println("wires available: " + WireType.available()
                + (missing.isEmpty() ? "" : "; not in this build: " + String.join(", ", missing)));
        boolean allEqual = true;
        for (WireType type : wires) {
            allEqual &= show(type, original, console);
        }
        return allEqual ? OK : FAILED;
    }

    private static boolean show(WireType type, Order original, Console console) {
        Wire wire = type.apply(Bytes.elastic(512));
        wire.writeDocument(original);
        Bytes bytes = wire.bytes();
        int size = bytes.readRemaining();
        console.out().printf("%n== %s: %s, %d bytes ==%n", type, describe(type), size);
        if (type.isText()) {
            String text = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
            console.out().print(text.endsWith("\n") ? text : text + "\n");
        } else {
            console.out().print(BinaryDump.annotate(type, bytes, bytes.readPosition(),
                    type == WireType.RAW ? Schema.of(original) : null));
            if (type.isSelfDescribing() && WireType.YAML.isAvailable()) {
                console.out().println("as YAML" + (type.usesFieldNumbers() ? " (raw readings, field numbers as keys):" : ":"));
                console.out().print(asYaml(type, bytes));
            }
        }
        Order copy = new Order();
        try {
            boolean read = wire.readDocument(copy);
            boolean equal = read && copy.equals(original);
            console.out().println(equal ? "read back: equal to the original" : "read back: DIFFERENT: " + copy);
            return equal;
        } catch (RuntimeException e) {
            console.out().println("read back: FAILED: " + e);
            return false;
        }
    }

    /** The document read as plain values and written on the YAML wire; positions of {@code bytes} do not move. */
    private static String asYaml(WireType type, Bytes bytes) {
        Wire copy = type.apply(Bytes.wrap(bytes.toByteArray()));
        Wire yaml = WireType.YAML.apply(Bytes.elastic(512));
        copy.readValue(yaml::writeValue);
        return new String(yaml.bytes().toByteArray(), StandardCharsets.UTF_8);
    }

    private static String describe(WireType type) {
        return (type.isText() ? "text" : "binary") + ", "
                + (!type.isSelfDescribing() ? "no field metadata" : type.usesFieldNumbers() ? "field numbers" : "field names");
    }
}
