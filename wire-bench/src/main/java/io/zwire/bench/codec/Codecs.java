package io.zwire.bench.codec;

import io.zwire.WireType;
import io.zwire.bench.model.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The formats the benchmarks compare, by name: each available zwire wire under its
 * {@link WireType} name, and the peers under lower-case names.
 */
public final class Codecs {
    /** Hand-written VarHandle code over a {@code byte[]}, in the RAW wire's layout: the practical limit. */
    public static final String VARHANDLE = "varhandle";
    /** SBE's flyweights, generated at build time by sbe-tool from {@code src/main/sbe/codecs.xml}. */
    public static final String SBE = "sbe";
    /** jackson-core streaming JSON, written by hand. */
    public static final String JACKSON = "jackson";
    /** snakeyaml-engine dumping and loading a {@code Map}. */
    public static final String SNAKEYAML = "snakeyaml";
    /** protobuf-java's coded streams, driven as generated code drives them. */
    public static final String PROTOBUF = "protobuf";
    /** {@code ObjectOutputStream} and {@code ObjectInputStream}. */
    public static final String SERIALIZATION = "serialization";

    /** The peers, in report order. */
    public static final List<String> PEERS = List.of(VARHANDLE, SBE, PROTOBUF, JACKSON, SNAKEYAML, SERIALIZATION);

    private Codecs() {
    }

    /** Every codec that can run here: the available wires, then the peers. Allocates. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (WireType wire : WireType.available()) {
            names.add(wire.name());
        }
        names.addAll(PEERS);
        return names;
    }

    /** True for the name of a zwire wire (available or not). */
    public static boolean isZwire(String name) {
        for (WireType wire : WireType.values()) {
            if (wire.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** How a codec is labelled in reports: {@code zwire RAW}, {@code jackson}. */
    public static String label(String name) {
        return isZwire(name) ? "zwire " + name : name;
    }

    /**
     * A new codec for {@code workload}. Allocates.
     *
     * @throws IllegalArgumentException for an unknown name
     * @throws IllegalStateException    for a zwire wire whose module is not present
     */
    public static BenchCodec create(String name, Workload workload) {
        if (isZwire(name)) {
            return new ZwireCodec(WireType.valueOf(name), workload);
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case VARHANDLE -> VarHandleCodecs.create(workload);
            case SBE -> SbeCodecs.create(workload);
            case JACKSON -> JacksonCodecs.create(workload);
            case SNAKEYAML -> SnakeYamlCodecs.create(workload);
            case PROTOBUF -> ProtobufCodecs.create(workload);
            case SERIALIZATION -> new JavaSerializationCodec(workload);
            default -> throw new IllegalArgumentException("unknown codec '" + name + "'; known: "
                    + String.join(", ", List.of(WireType.values()).stream().map(Enum::name).toList()) + ", "
                    + String.join(", ", PEERS));
        };
    }
}
