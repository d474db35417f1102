package io.zwire.cli;

import io.zwire.WireType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Wire names as users type them: case-insensitive, {@code -} for {@code _}
 * ({@code yaml-numbered}), and {@code all} for every available wire.
 */
public final class WireNames {
    private WireNames() {
    }

    /**
     * One wire, which must be available here.
     *
     * @throws UsageException naming the known wires, or the module an unavailable one needs
     */
    public static WireType parse(String name) throws UsageException {
        String normal = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        WireType type;
        try {
            type = WireType.valueOf(normal);
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown wire '" + name + "'; wires: " + known());
        }
        if (!type.isAvailable()) {
            throw new UsageException("wire " + type + " is not available in this build (available: "
                    + WireType.available() + ")");
        }
        return type;
    }

    /**
     * Wires from a list of names; empty, or containing {@code all}, means every available wire.
     *
     * @throws UsageException as {@link #parse(String)}
     */
    public static List<WireType> parseAll(List<String> names) throws UsageException {
        if (names.isEmpty() || names.stream().anyMatch(n -> n.equalsIgnoreCase("all"))) {
            return WireType.available();
        }
        List<WireType> wires = new ArrayList<>();
        for (String name : names) {
            WireType wire = parse(name);
            if (!wires.contains(wire)) {
                wires.add(wire);
            }
        }
        return wires;
    }

    /** The user-facing names of every wire type, e.g. {@code yaml, yaml-numbered, ...}. */
    public static String known() {
        List<String> names = new ArrayList<>();
        for (WireType type : WireType.values()) {
            names.add(display(type));
        }
        return String.join(", ", names);
    }

    /** The name users type for {@code type}. */
    public static String display(WireType type) {
        return type.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
