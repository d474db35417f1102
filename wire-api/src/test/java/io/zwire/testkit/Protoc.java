package io.zwire.testkit;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The protobuf compiler, {@code protoc}, run as a separate process by the schema checks: it accepts
 * a generated {@code .proto} or not, and decodes zwire's bytes with it. Found on the {@code PATH};
 * a test that needs it calls {@link #assumePresent()}, which skips it, naming the package to
 * install, where it is missing.
 */
public final class Protoc {
    /** Why a check did not run. */
    public static final String MISSING = "protoc is not on the PATH: install Debian's protobuf-compiler "
            + "(apt-get install -y protobuf-compiler) to run this check";
    private static final long TIMEOUT_SECONDS = 60;

    private Protoc() {
    }

    /** {@code protoc} on the PATH, or null. */
    public static Path find() {
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "protoc");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** Skips the calling test, with {@link #MISSING}, where protoc is not installed. */
    public static void assumePresent() {
        Assumptions.assumeTrue(find() != null, MISSING);
    }

    /** protoc's own version line, e.g. {@code libprotoc 3.21.12}. */
    public static String version() throws IOException {
        return run(Path.of("."), new byte[0], "--version").strip();
    }

    /**
     * Writes {@code proto} as {@code dir/name}, compiles it and returns the serialized
     * {@code FileDescriptorSet} protoc writes for it.
     *
     * @throws AssertionError with protoc's message if protoc refuses the file
     */
    public static byte[] descriptorSet(Path dir, String name, String proto) throws IOException {
        Files.writeString(dir.resolve(name), proto);
        Path out = dir.resolve(name + ".pb");
        run(dir, new byte[0], "--proto_path=" + dir, "--descriptor_set_out=" + out, dir.resolve(name).toString());
        return Files.readAllBytes(out);
    }

    /**
     * {@code protoc --decode=type}: one message (without a length prefix) in protoc's text format.
     * The file {@code name} must be in {@code dir} already.
     *
     * @throws AssertionError with protoc's message if protoc cannot decode it
     */
    public static String decode(Path dir, String name, String type, byte[] message) throws IOException {
        return run(dir, message, "--proto_path=" + dir, "--decode=" + type, dir.resolve(name).toString());
    }

    /** Runs protoc with {@code args} and {@code input}; its standard output. */
    private static String run(Path dir, byte[] input, String... args) throws IOException {
        Path protoc = find();
        if (protoc == null) {
            throw new IllegalStateException(MISSING);
        }
        List<String> command = new ArrayList<>();
        command.add(protoc.toString());
        command.addAll(List.of(args));
        Path in = Files.createTempFile("protoc", ".in");
        Path out = Files.createTempFile("protoc", ".out");
        Path err = Files.createTempFile("protoc", ".err");
        try {
            Files.write(in, input);
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("protoc did not finish in " + TIMEOUT_SECONDS + " s: " + command);
            }
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new AssertionError("protoc exited with " + process.exitValue() + ": " + stderr + "\n" + command);
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
