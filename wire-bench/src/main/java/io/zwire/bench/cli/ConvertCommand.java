package io.zwire.bench.cli;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
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
 * ({@link Wire#readValue}) and written on another ({@link Wire#writeValue}). Needs wires that
 * carry their own structure: RAW does not, so it is refused up front.
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
        return "zwire convert --from WIRE --to WIRE [--in FILE] [--out FILE]";
    }

    @Override
    public String details() {
        return "Reads standard input and writes standard output unless --in/--out are given. Every document in the\n"
                + "input is converted. Both wires must describe their own structure (all but raw).\n"
                + "Exit status: 0 on success, 1 on bad input or an I/O error, 2 on bad arguments.\n"
                + "Example: zwire convert --from yaml --to json --in order.yaml";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("from", "WIRE", "the input's wire (" + WireNames.known() + ")"),
                Option.value("to", "WIRE", "the output's wire"),
                Option.value("in", "FILE", "read this file (default: standard input)"),
                Option.value("out", "FILE", "write this file (default: standard output)"));
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
        for (WireType wire : List.of(from, to)) {
            if (!handlesPlainValues(wire)) {
                console.err().println("zwire convert: the " + WireNames.display(wire)
                        + " wire carries no field names or types, so it cannot be converted from or to");
                return USAGE;
            }
        }
        String inName = arguments.value("in", null);
        String outName = arguments.value("out", null);
        try {
            byte[] input = read(inName, console.in());
            Bytes output = Bytes.elastic(Math.max(256, input.length * 2));
            int documents = convert(Bytes.wrap(input), from, output, to, console);
            write(outName, output, console.out());
            if (outName != null) {
                console.err().println("zwire convert: " + documents + (documents == 1 ? " document, " : " documents, ")
                        + output.readRemaining() + " bytes written to " + outName);
            }
            return OK;
        } catch (WireException e) {
            console.err().println("zwire convert: bad " + WireNames.display(from) + " input: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            console.err().println("zwire convert: the " + WireNames.display(to) + " wire cannot write this value: "
                    + e.getMessage());
        } catch (NoSuchFileException e) {
            console.err().println("zwire convert: no such file: " + e.getFile());
        } catch (IOException e) {
            console.err().println("zwire convert: " + e);
        }
        return FAILED;
    }

    /**
     * Whether {@code wire} converts at all: a wire that cannot describe values refuses even an
     * empty document, so this asks before any input is read.
     */
    static boolean handlesPlainValues(WireType wire) {
        try {
            wire.apply(Bytes.elastic(64)).writeValue(Map.of());
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    private static int convert(Bytes input, WireType from, Bytes output, WireType to, Console console) {
        Wire reader = from.apply(input);
        Wire writer = to.apply(output);
        int documents = 0;
        long nextReport = System.nanoTime() + PROGRESS_EVERY_NANOS;
        while (reader.readValue(writer::writeValue)) {
            documents++;
            long now = System.nanoTime();
            if (now >= nextReport) {
                console.err().printf("zwire convert: %,d documents, %d%% of the input read%n", documents,
                        100L * input.readPosition() / Math.max(1, input.writePosition()));
                nextReport = now + PROGRESS_EVERY_NANOS;
            }
        }
        return documents;
    }

    private static byte[] read(String file, InputStream stdin) throws IOException {
        if (file == null) {
            return stdin.readAllBytes();
        }
        return Files.readAllBytes(Path.of(file));
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
