package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.binary.BinaryDump;
import io.zwire.journal.JournalRecord;
import io.zwire.test.harness.MarshallableType;

import java.io.Closeable;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One journal record as {@code zwire journal dump} shows it: a YAML comment line with its index,
 * time (ISO-8601, UTC), type and size, then its document as YAML, or with {@code --hex} as
 * annotated hex ({@link BinaryDump}). The output of a dump without {@code --hex} is a YAML stream.
 * Holds the class loader of the {@code --type} classes until closed. Allocates freely: a tool.
 */
final class JournalRecordText implements Closeable {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int HEX_BYTES_PER_LINE = 16;

    private final WireType wire;
    private final boolean hex;
    private final URLClassLoader loader;
    /** The --type classes by simple name, the alias a journal knows them by. */
    private final Map<String, MarshallableType> types;
    /** The schema of each --type class, recorded on first use, for the RAW fingerprint check and hex. */
    private final Map<String, Schema> schemas = new HashMap<>();
    private final YamlText yaml = new YamlText();

    private JournalRecordText(WireType wire, boolean hex, URLClassLoader loader, Map<String, MarshallableType> types) {
        this.wire = wire;
        this.hex = hex;
        this.loader = loader;
        this.types = types;
    }

    /**
     * The text of records on {@code wire}, with the {@code --type} classes found on {@code --classpath}.
     *
     * @throws UsageException naming a class that cannot be loaded, or two of one simple name
     */
    static JournalRecordText of(WireType wire, Arguments arguments) throws UsageException {
        List<String> names = arguments.list("type");
        if (names.isEmpty() && arguments.value("classpath", null) != null) {
            throw new UsageException("--classpath is where --type classes are found: give --type too");
        }
        URLClassLoader loader = UserClassPath.loader(arguments.value("classpath", null));
        Map<String, MarshallableType> types = new HashMap<>();
        try {
            for (String name : names) {
                MarshallableType type = MarshallableType.load(name, loader);
                if (types.put(type.simpleName(), type) != null) {
                    throw new UsageException("two --type classes are called " + type.simpleName()
                            + ": a journal names its types by alias, the simple name here");
                }
            }
        } catch (IllegalArgumentException | LinkageError e) {
            throw new UsageException(e.getMessage());
        }
        return new JournalRecordText(wire, arguments.flag("hex"), loader, types);
    }

    /** {@return the record's comment line: index, time, type alias and document size} */
    String header(JournalRecord record) {
        Instant time = Instant.ofEpochSecond(Math.floorDiv(record.time(), NANOS_PER_SECOND),
                Math.floorMod(record.time(), NANOS_PER_SECOND));
        return "# record " + record.index() + " at " + time + ": " + record.alias() + ", " + record.documentLength()
                + " bytes" + (record.checksummed() ? ", checksummed" : "")
                + (record.sourcePosition() >= 0 ? ", from stream " + record.sourceStream() + " at " + record.sourcePosition() : "")
                + "\n";
    }

    /**
     * {@return the record's document, as YAML or hex, ending with a line break}
     *
     * @throws io.zwire.WireException if the document cannot be read on the journal's wire
     */
    String body(JournalRecord record) {
        Bytes document = record.document();
        if (record.documentLength() == 0) {
            return "# an empty document\n";
        }
        MarshallableType type = types.get(record.alias());
        Schema schema = type == null ? null : schemas.computeIfAbsent(record.alias(), alias -> Schema.of(type::newTarget));
        if (wire == WireType.RAW && schema != null && schema.fingerprint() != record.fingerprint()) {
            return "# --type " + type.name() + " has schema fingerprint " + Long.toHexString(schema.fingerprint())
                    + ", the journal recorded " + Long.toHexString(record.fingerprint()) + " for " + record.alias()
                    + ": RAW reads by position, so it is shown as hex\n" + plainHex(document);
        }
        if (hex) {
            boolean annotated = !wire.isText() && (wire != WireType.RAW || schema != null);
            return annotated ? BinaryDump.annotate(wire, document, document.readPosition(), schema) : plainHex(document);
        }
        if (type != null) {
            Marshallable message = type.newTarget();
            wire.apply(document).readDocument(message);
            return yaml.of(message);
        }
        if (!wire.isSelfDescribing()) {
            return "# " + wire + " carries no field names: give --type to read it as YAML\n" + plainHex(document);
        }
        Wire copy = WireType.YAML.apply(Bytes.elastic(Math.max(256, 2 * record.documentLength())));
        wire.apply(document).readValue(copy::writeValue);
        return new String(copy.bytes().toByteArray(), StandardCharsets.UTF_8);
    }

    /** {@return the bytes as hex, 16 a line, each line starting with its offset; positions do not move} */
    private static String plainHex(Bytes bytes) {
        byte[] all = bytes.toByteArray();
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < all.length; line += HEX_BYTES_PER_LINE) {
            text.append("# ").append(String.format("%04x ", line));
            for (int i = line; i < Math.min(all.length, line + HEX_BYTES_PER_LINE); i++) {
                text.append(String.format(" %02x", all[i]));
            }
            text.append('\n');
        }
        return text.toString();
    }

    @Override
    public void close() {
        try {
            loader.close();
        } catch (IOException e) {
            // The classes are loaded; a jar that fails to close does not change what was shown.
        }
    }
}
