package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code zwire convert}: every document of the input, read on one wire as plain values
 * ({@link Wire#readValue}) and written on another ({@link Wire#writeValue}). The input is a
 * stream of documents (on JSON, one per line), or with {@code --single} exactly one document. A
 * document the output wire cannot express exactly is an error, never a lossy copy. On an error
 * the documents converted before it are written, the error is reported with the input's offset,
 * and the exit status is 1. RAW carries no structure, so it is refused up front; NUMBERED is
 * read (as {@code protoc --decode_raw} does) but not written, since its encoding needs a protobuf
 * type that plain values do not give.
 */
public final class ConvertCommand implements Command {
    /** Progress is reported only for conversions that last; small ones stay quiet. */
    private static final long PROGRESS_EVERY_NANOS = 2_000_000_000L;

    @Override
    public String name() {
        return "convert";
    }

    @Override
    public String summary() {
        return "convert documents between wires (e.g. yaml to json), through plain values";
    }

    @Override
    public String synopsis() {
        return "zwire convert --from WIRE --to WIRE [--in FILE] [--out FILE] [--single] [--json-typed-objects]";
    }

    @Override
    public String details() {
        return "Reads standard input and writes standard output unless --in/--out are given. Every document in the\n"
                + "input is converted; JSON input is one document per line (NDJSON; a document may span lines, the\n"
                + "next starts on a new line). A value the output wire cannot express exactly (an unpaired surrogate on\n"
                + "a binary wire, a key JSON cannot hold) is an error, never changed. On an error the documents before\n"
                + "it are written, then the error is reported with its input offset. RAW cannot be converted from or\n"
                + "to; NUMBERED can be read (as protoc --decode_raw does) but not written.\n"
                + "Exit status: 0 on success, 1 on bad input, a value the output cannot express or an I/O error,\n"
                + "2 on bad arguments.\n"
                + "Example: zwire convert --from yaml --to json --in order.yaml";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("from", "WIRE", "the input's wire (" + WireNames.known() + ")"),
                Option.value("to", "WIRE", "the output's wire (names as for --from)"),
                Option.value("in", "FILE", "read this file (default, or -: standard input)"),
                Option.value("out", "FILE", "write this file (default: standard output)"),
                Option.flag("single", "the input is exactly one document: none, or anything after it, is an error"),
                Option.flag("json-typed-objects", "read and write {\"@Alias\":{...}} on JSON as a typed object "
                        + "(default: plain JSON)"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        String fromName = arguments.value("from", null);
        String toName = arguments.value("to", null);
        if (fromName == null || toName == null) {
            throw new UsageException("convert needs both --from and --to");
        }
        WireType from = WireNames.parse(fromName);
        WireType to = WireNames.parse(toName);
        if (!readsPlainValues(from)) {
            console.err().println("zwire convert: the " + WireNames.display(from)
                    + " wire carries no field names or types, so it cannot be converted from");
            return USAGE;
        }
        if (!writesPlainValues(to)) {
            console.err().println("zwire convert: the " + WireNames.display(to) + " wire cannot be converted to: "
                    + (to == WireType.NUMBERED ? "its encoding needs a protobuf type, which plain values do not give"
                    : "it carries no field names or types"));
            return USAGE;
        }
        WireOptions options = WireOptions.defaults().withJsonTypedObjects(arguments.flag("json-typed-objects"));
        String inName = arguments.value("in", null);
        String outName = arguments.value("out", null);
        try {
            byte[] input = read(inName, console.in());
            Bytes output = Bytes.elastic(Math.max(256, input.length * 2));
            Conversion conversion = new Conversion(from.apply(Bytes.wrap(input), options), to.apply(output, options));
            String failure = arguments.flag("single") ? conversion.single() : conversion.stream(console);
            write(outName, output, console.out());
            if (failure != null) {
                console.err().println("zwire convert: " + failure);
                if (conversion.documents > 0) {
                    console.err().println("zwire convert: " + (conversion.documents == 1 ? "the document before it was"
                            : "the " + conversion.documents + " documents before it were") + " written");
                }
                return FAILED;
            }
            if (outName != null) {
                console.err().println("zwire convert: " + conversion.documents
                        + (conversion.documents == 1 ? " document, " : " documents, ")
                        + output.readRemaining() + " bytes written to " + outName);
            }
            return OK;
        } catch (NoSuchFileException e) {
            console.err().println("zwire convert: " + e.getMessage());
        } catch (IOException e) {
            console.err().println("zwire convert: " + e);
        }
        return FAILED;
    }

    /** Whether {@code wire} reads plain values at all: asked of an empty buffer, before any input is read. */
    static boolean readsPlainValues(WireType wire) {
        try {
            wire.apply(Bytes.elastic(64)).readValue(value -> { });
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    /** Whether {@code wire} writes plain values: a wire that cannot refuses even an empty document. */
    static boolean writesPlainValues(WireType wire) {
        try {
            wire.apply(Bytes.elastic(64)).writeValue(Map.of());
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    /** One conversion: documents read and written, up to the first one that fails. */
    private static final class Conversion {
        private final Wire reader;
        private final Wire writer;
        private final Bytes input;
        private final Object[] value = new Object[1];
        /** Documents converted and written. */
        int documents;

        Conversion(Wire reader, Wire writer) {
            this.reader = reader;
            this.writer = writer;
            this.input = reader.bytes();
        }

        /** Converts every document; returns null, or what went wrong (the documents before it are written). */
        String stream(Console console) {
            long nextReport = System.nanoTime() + PROGRESS_EVERY_NANOS;
            while (true) {
                int start = input.readPosition();
                try {
                    if (!reader.readValue(v -> value[0] = v)) {
                        return null;
                    }
                } catch (WireException e) {
                    return badInput(e);
                }
                String failure = writeDocument(start);
                if (failure != null) {
                    return failure;
                }
                long now = System.nanoTime();
                if (now >= nextReport) {
                    console.err().printf("zwire convert: %,d documents, %d%% of the input read%n", documents,
                            100L * input.readPosition() / Math.max(1, input.writePosition()));
                    nextReport = now + PROGRESS_EVERY_NANOS;
                }
            }
        }

        /** Converts the input's one document; returns null, or what went wrong (then nothing is written). */
        String single() {
            try {
                value[0] = reader.readSingleValue();
            } catch (WireException e) {
                return badInput(e);
            }
            return writeDocument(0);
        }

        private String badInput(WireException e) {
            return "bad " + WireNames.display(reader.type()) + " input in document " + (documents + 1) + ": "
                    + e.getMessage();
        }

        private String writeDocument(int inputOffset) {
            try {
                writer.writeValue(value[0]);
            } catch (WireException | IllegalArgumentException e) {
                return "document " + (documents + 1) + " (at input offset " + inputOffset + ") cannot be written on "
                        + WireNames.display(writer.type()) + " exactly: " + e.getMessage();
            }
            documents++;
            return null;
        }
    }

    /**
     * The bytes of {@code file}, or of {@code stdin} when it is null or {@code -}. Allocates; blocks
     * until the end.
     *
     * @throws NoSuchFileException whose message is {@code no such file: FILE}, for every command alike
     */
    static byte[] read(String file, InputStream stdin) throws IOException {
        if (file == null || file.equals("-")) {
            return stdin.readAllBytes();
        }
        try {
            return Files.readAllBytes(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException("no such file: " + e.getFile());
        }
    }

    private static void write(String file, Bytes output, OutputStream stdout) throws IOException {
        byte[] bytes = output.toByteArray();
        if (file == null) {
            stdout.write(bytes);
            stdout.flush();
        } else {
            Files.write(Path.of(file), bytes);
        }
    }
}
