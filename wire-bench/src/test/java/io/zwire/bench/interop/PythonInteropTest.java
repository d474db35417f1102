package io.zwire.bench.interop;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.binary.ProtoSchema;
import io.zwire.testkit.Protoc;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.MapKinds;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Python reads what zwire writes on YAML, JSON, CBOR (BINARY) and NUMBERED (through the
 * {@code .proto} {@link ProtoSchema} generates, compiled by protoc) and gets the values the Java
 * side expects, and writes documents of its own that zwire reads back (docs/interop.md).
 *
 * <p>The expected values go to Python as canonical JSON built here from the objects' fields by
 * {@link Expected}, not through zwire, so a wire that writes a wrong value cannot also make the
 * expectation wrong. Skips, naming what is missing, without python3, protoc or the pinned packages.
 *
 * <p>A long proof ({@code -Plong}, which {@code .ci/run} runs): on a fresh tree it first installs
 * its packages into a virtual environment, about 28 s on CI's machine, the slowest class of the
 * default build it was in.
 */
class PythonInteropTest {
    /** The packages the script imports, pinned; protobuf's runtime reads protoc 3.21's generated code. */
    static final List<String> PACKAGES = List.of("cbor2==6.1.4", "protobuf==6.33.6", "PyYAML==6.0.3");
    private static final long PIP_SECONDS = 300;
    private static final long SCRIPT_SECONDS = 60;
    private static final Path SCRIPT = Path.of("src/test/python/interop.py");
    private static final Path VENV = Path.of("target/python-interop-venv");
    private static final List<WireType> WIRES = List.of(WireType.YAML, WireType.JSON, WireType.BINARY, WireType.NUMBERED);
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new).add("Party", Party.class, Party::new).build();

    private static final Map<Process, Path> LOGS = new java.util.concurrent.ConcurrentHashMap<>();

    private record Sample(String name, Marshallable value) {
    }

    static AllTypes allTypes() {
        AllTypes all = new AllTypes();
        all.int8 = -128;
        all.int16 = -1234;
        all.uint16 = 65_000;
        all.int32 = Integer.MIN_VALUE;
        all.int64 = Long.MIN_VALUE;
        all.float32 = Float.NEGATIVE_INFINITY;
        all.float64 = Double.NaN;
        all.bool = true;
        all.char16 = '\u00e9';
        all.text = "Z\u00fcrich \u20ac 1 \"quoted\"\nline";
        all.note.append("limit order, good till cancelled");
        all.data = new byte[] {0, 1, 2, (byte) 0xFF, 0x7F};
        all.side = Side.SELL;
        all.party = new Party("Alice", "ACC-1", 7);
        all.longs.addAll(List.of(1L, -2L, Long.MAX_VALUE));
        all.tags.addAll(List.of("a", "", "b c"));
        all.parties.add(new Party("Bob", null, 2));
        all.parties.add(new Party("Carol", "ACC-3", 3));
        all.matrix.add(List.of(1, 2, 3));
        all.matrix.add(List.of());
        all.matrix.add(List.of(-4));
        all.payload = Order.sample();
        return all;
    }

    private static List<Sample> samples() {
        AllTypes finite = allTypes();
        finite.float32 = 1.5f;
        finite.float64 = 1.08345;
        finite.text = null;
        finite.data = null;
        finite.side = null;
        finite.party = null;
        finite.payload = new Party("Dave", "ACC-4", 4);
        return List.of(new Sample("Order", Order.sample()),
                new Sample("AllTypes", allTypes()),
                new Sample("AllTypesFinite", finite),
                new Sample("Node", Node.chain(3)),
                new Sample("MapKinds", MapKinds.sample()),
                new Sample("MapKindsEmpty", new MapKinds()));
    }

    static String extension(WireType wire) {
        return wire.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Test
    @Tag("long")
    void pythonReadsWhatZwireWritesAndWritesWhatZwireReads(@TempDir Path dir) throws IOException, InterruptedException {
        Protoc.assumePresent();
        Path python = python();
        List<Sample> samples = samples();
        StringBuilder expected = new StringBuilder("{");
        for (Sample sample : samples) {
            for (WireType type : WIRES) {
                Wire wire = type.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(TYPES));
                wire.writeDocument(sample.value());
                Files.write(dir.resolve(sample.name() + "." + extension(type)), wire.bytes().toByteArray());
            }
            if (expected.length() > 1) {
                expected.append(',');
            }
            expected.append(Expected.quote(sample.name())).append(':').append(Expected.of(sample.value()));
        }
        Files.writeString(dir.resolve("expected.json"), expected.append('}'));
        // AllTypes' file declares Order, Party and Side too: protobuf's Python runtime refuses a
        // message declared by two loaded files, so Order is read with it rather than its own file.
        // MapKinds' file declares Party and Side too, so it is given a package of its own for Python
        // (the package names the types, not the bytes: NUMBERED's encoding does not depend on it).
        String mapKinds = ProtoSchema.of(Schema.of(MapKinds::new));
        String ownPackage = mapKinds.replace("\npackage io.zwire.testkit.model;\n", "\npackage io.zwire.testkit.model.maps;\n");
        assertTrue(!ownPackage.equals(mapKinds), mapKinds);
        Map<String, String> protos = Map.of("alltypes.proto", ProtoSchema.of(Schema.of(AllTypes::new, TYPES), TYPES),
                "node.proto", ProtoSchema.of(Schema.of(Node::new)), "mapkinds.proto", ownPackage);
        for (Map.Entry<String, String> file : protos.entrySet()) {
            String name = file.getKey();
            String proto = file.getValue();
            Files.writeString(dir.resolve(name), proto);
            Process protoc = start(dir, Protoc.find().toString(), "--proto_path=" + dir, "--python_out=" + dir, name);
            String protocOut = finish(protoc, 60, "protoc --python_out");
            assertEquals(0, protoc.exitValue(), "protoc refused " + name + ": " + protocOut);
        }
        Process run = start(dir, python.toString(), SCRIPT.toAbsolutePath().toString(), dir.toString());
        String output = finish(run, SCRIPT_SECONDS, "the interop script");
        assertEquals(0, run.exitValue(), "interop.py failed:\n" + output);
        System.out.println(output.strip());
        Order order = new Order(2_000_002L, "GBPJPY", 187.125, 250_000L, Side.SELL,
                new Party("Fj\u00f6rd Securities", "FS-7", -9L));
        AllTypes all = allTypes();
        all.int64 = 77;
        all.text = "written by Python \u00e5";
        MapKinds maps = MapKinds.sample();
        maps.limits.put("GBPUSD", 2.5);
        maps.names.put(7, "sieben");
        for (WireType type : WIRES) {
            assertEquals(order, readBack(dir, "Order", type, new Order(), output), type + ": the Order Python wrote");
            assertEquals(all, readBack(dir, "AllTypes", type, new AllTypes(), output), type + ": the AllTypes Python wrote");
            assertEquals(maps, readBack(dir, "MapKinds", type, new MapKinds(), output), type + ": the MapKinds Python wrote");
        }
    }

    private static <M extends Marshallable> M readBack(Path dir, String name, WireType type, M target, String output)
            throws IOException {
        Path written = dir.resolve("from-python." + name + "." + extension(type));
        assertTrue(Files.exists(written), "Python wrote no " + written.getFileName() + "\n" + output);
        Wire wire = type.apply(Bytes.wrap(Files.readAllBytes(written)), WireOptions.defaults().withTypes(TYPES));
        assertTrue(wire.readDocument(target), type + ": no document in " + written.getFileName());
        return target;
    }

    /** The venv's python with the pinned packages, made (once, in target/) where missing; skips where it cannot be. */
    private static Path python() throws IOException, InterruptedException {
        Path system = onPath("python3");
        assumeTrue(system != null, "python3 is not on the PATH: the Python interoperability check needs Python 3.9+");
        Path venvPython = VENV.toAbsolutePath().resolve("bin/python");
        Path marker = VENV.toAbsolutePath().resolve("pinned.txt");
        String pins = String.join(" ", PACKAGES);
        if (Files.isExecutable(venvPython) && Files.exists(marker) && Files.readString(marker).equals(pins)) {
            return venvPython;
        }
        Process venv = start(Path.of("."), system.toString(), "-m", "venv", "--clear", VENV.toAbsolutePath().toString());
        String venvOut = waitFor(venv, 120);
        assumeTrue(venvOut != null && venv.exitValue() == 0,
                "python3 -m venv did not make a virtual environment (install python3-venv): " + venvOut);
        List<String> pip = new ArrayList<>(List.of(venvPython.toString(), "-m", "pip", "install",
                "--disable-pip-version-check", "-q", "--retries", "1", "--timeout", "30"));
        pip.addAll(PACKAGES);
        Process install = start(Path.of("."), pip.toArray(String[]::new));
        String pipOut = waitFor(install, PIP_SECONDS);
        assumeTrue(pipOut != null && install.exitValue() == 0, "pip could not install " + pins
                + " (no network or no package index?): " + (pipOut == null ? "no answer in " + PIP_SECONDS + " s" : tail(pipOut)));
        Files.writeString(marker, pins);
        return venvPython;
    }

    /** Starts {@code command} in {@code dir}, its output and errors going to one file (a pipe could fill and block it). */
    private static Process start(Path dir, String... command) throws IOException {
        Path log = Files.createTempFile("interop", ".log");
        log.toFile().deleteOnExit();
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        LOGS.put(process, log);
        return process;
    }

    /** Waits for {@code process}; its output, or null if it did not finish in time (it is then killed). */
    private static String waitFor(Process process, long seconds) throws IOException, InterruptedException {
        boolean done = process.waitFor(seconds, TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly().waitFor();
        }
        Path log = LOGS.remove(process);
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        return done ? output : null;
    }

    /** {@link #waitFor}, failing the test if {@code what} hangs: a check that hangs is a defect, not the environment. */
    private static String finish(Process process, long seconds, String what) throws IOException, InterruptedException {
        String output = waitFor(process, seconds);
        assertTrue(output != null, what + " did not finish in " + seconds + " s");
        return output;
    }

    private static String tail(String text) {
        return text.length() <= 1000 ? text : text.substring(text.length() - 1000);
    }

    private static Path onPath(String name) {
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
