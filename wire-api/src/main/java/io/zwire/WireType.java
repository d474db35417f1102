package io.zwire;

import io.zwire.internal.WireProviders;
import io.zwire.spi.WireProvider;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The wires. A session picks one; the same {@link Marshallable} reads and writes over all of them.
 *
 * <table>
 *   <caption>Wire types</caption>
 *   <tr><th>type</th><th>keys</th><th>format</th><th>module</th></tr>
 *   <tr><td>{@link #YAML}</td><td>names</td><td>YAML 1.2, block style</td><td>wire-yaml</td></tr>
 *   <tr><td>{@link #YAML_NUMBERED}</td><td>numbers</td><td>YAML with integer keys</td><td>wire-yaml</td></tr>
 *   <tr><td>{@link #JSON}</td><td>names</td><td>RFC 8259</td><td>wire-yaml</td></tr>
 *   <tr><td>{@link #BINARY}</td><td>names</td><td>CBOR, RFC 8949</td><td>wire-binary</td></tr>
 *   <tr><td>{@link #NUMBERED}</td><td>numbers</td><td>Protocol Buffers encoding</td><td>wire-binary</td></tr>
 *   <tr><td>{@link #RAW}</td><td>none</td><td>fixed little-endian layout in write order</td><td>wire-binary</td></tr>
 * </table>
 *
 * <p>The codecs live in other modules and are found with {@link ServiceLoader} (see
 * {@link WireProvider}) the first time any wire is created. A wire claimed by two providers is
 * refused rather than given to whichever the class path lists first.
 */
public enum WireType implements Function<Bytes, Wire> {
    /** YAML with field names. */
    YAML(1, true, true, false, "wire-yaml"),
    /** YAML with field numbers as keys. */
    YAML_NUMBERED(2, true, true, true, "wire-yaml"),
    /** JSON with field names. */
    JSON(3, true, true, false, "wire-yaml"),
    /** CBOR with field names. */
    BINARY(4, false, true, false, "wire-binary"),
    /** The Protocol Buffers encoding, with field numbers. */
    NUMBERED(5, false, true, true, "wire-binary"),
    /** No field metadata: fields in write order; both sides need the same schema. */
    RAW(6, false, false, false, "wire-binary");

    /** Codes by value; index 0 and anything past the end are no wire. */
    private static final WireType[] BY_CODE = {null, YAML, YAML_NUMBERED, JSON, BINARY, NUMBERED, RAW};

    private final int code;
    private final boolean text;
    private final boolean selfDescribing;
    private final boolean numbered;
    private final String artifact;

    WireType(int code, boolean text, boolean selfDescribing, boolean numbered, String artifact) {
        this.code = code;
        this.text = text;
        this.selfDescribing = selfDescribing;
        this.numbered = numbered;
        this.artifact = artifact;
    }

    /**
     * The wire's number where a stream names its wire: 1 YAML, 2 YAML_NUMBERED, 3 JSON, 4 BINARY,
     * 5 NUMBERED, 6 RAW. Fixed for good: a session's hello, an Aeron message header and a Kafka
     * record header carry it, so a code is never changed or reused.
     *
     * @return the code, 1 to 255
     */
    public int code() {
        return code;
    }

    /**
     * {@return the wire with {@code code}, or null for a code no wire has} Allocates nothing, so a
     * reader can look a code up per message.
     * @param code a wire code, as {@link #code()} gives it; any int
     */
    public static WireType ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /**
     * True for the human-readable wires (YAML, JSON).
     *
     * @return whether the wire is text
     */
    public boolean isText() {
        return text;
    }

    /**
     * True when documents carry field keys, so readers handle missing, extra and reordered fields
     * (all but {@link #RAW}).
     *
     * @return whether documents carry keys
     */
    public boolean isSelfDescribing() {
        return selfDescribing;
    }

    /**
     * True when keys are field numbers rather than names.
     *
     * @return whether keys are numbers
     */
    public boolean usesFieldNumbers() {
        return numbered;
    }

    /**
     * True when the module implementing this wire is on the class or module path, and no other
     * provider claims this wire (see {@link WireProvider}).
     *
     * @return whether the wire can be created
     */
    public boolean isAvailable() {
        return Providers.FOUND.isAvailable(this);
    }

    /**
     * The wire types whose modules are present, in declaration order.
     *
     * @return the types, unmodifiable
     */
    public static List<WireType> available() {
        List<WireType> types = new ArrayList<>();
        for (WireType type : values()) {
            if (type.isAvailable()) {
                types.add(type);
            }
        }
        return Collections.unmodifiableList(types);
    }

    /**
     * A wire of this type over {@code bytes}, with default options. Allocates the wire and its
     * reusable state; reading and writing through it then allocate nothing in steady state.
     *
     * @throws IllegalStateException if the module implementing this type is not present, or if two
     *         providers claim this type (see {@link WireProvider})
     */
    @Override
    public Wire apply(Bytes bytes) {
        return apply(bytes, WireOptions.defaults());
    }

    /**
     * As {@link #apply(Bytes)}, with {@code options}.
     *
     * @param bytes   the buffer
     * @param options the options
     * @return a new wire
     */
    public Wire apply(Bytes bytes, WireOptions options) {
        WireProvider provider = Providers.FOUND.provider(this);
        if (provider == null) {
            throw new IllegalStateException("WireType." + name() + " needs the io.zwire:" + artifact
                    + " module on the class or module path");
        }
        return new Wire(this, bytes, options, provider.newReader(bytes, options), provider.newWriter(bytes, options));
    }

    /** Loaded once, on first use of any wire. */
    private static final class Providers {
        static final WireProviders FOUND = WireProviders.load(WireType.class.getClassLoader());
    }
}
