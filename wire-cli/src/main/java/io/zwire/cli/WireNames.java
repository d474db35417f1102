package io.zwire.cli;

import io.zwire.WireType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Wire names as users type them: case-insensitive, {@code -} for {@code _}
 * ({@code yaml-numbered}), the format's own name for a wire named after its role
 * ({@code cbor} for {@code binary}, {@code protobuf} or {@code proto} for {@code numbered},
 * {@code yml} for {@code yaml}), and {@code all} for every available wire.
 */
public final class WireNames {
    /** Other names for a wire, in the order the usage lists them: the formats' own names. */
    private static final Map<String, WireType> ALIASES = aliases();

    private WireNames() {
    }

    private static Map<String, WireType> aliases() {
        Map<String, WireType> aliases = new LinkedHashMap<>();
        aliases.put("yml", WireType.YAML);
        aliases.put("cbor", WireType.BINARY);
        aliases.put("protobuf", WireType.NUMBERED);
        aliases.put("proto", WireType.NUMBERED);
        return java.util.Collections.unmodifiableMap(aliases);
    }

    /**
     * One wire, by its name or an alias, which must be available here.
     *
     * @throws UsageException naming the known wires, or the module an unavailable one needs
     */
    public static WireType parse(String name) throws UsageException {
        String normal = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        WireType type = ALIASES.get(normal);
        if (type == null) {
            try {
                type = WireType.valueOf(normal.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown wire '" + name + "'; wires: " + known());
            }
        }
        if (!type.isAvailable()) {
            throw new UsageException("wire " + type + " is not available in this build (available: "
                    + WireType.available() + ")");
        }
        return type;
    }

    /**
     * Wires from a list of names or aliases; empty, or containing {@code all}, means every available wire.
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

    /**
     * The user-facing names of every wire type, each followed by its aliases:
     * {@code yaml (yml), yaml-numbered, json, binary (cbor), numbered (protobuf, proto), raw}.
     */
    public static String known() {
        List<String> names = new ArrayList<>();
        for (WireType type : WireType.values()) {
            List<String> aliases = new ArrayList<>();
            ALIASES.forEach((alias, wire) -> {
                if (wire == type) {
                    aliases.add(alias);
                }
            });
            names.add(display(type) + (aliases.isEmpty() ? "" : " (" + String.join(", ", aliases) + ")"));
        }
        return String.join(", ", names);
    }

    /** The name users type for {@code type}. */
    public static String display(WireType type) {
        return type.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
