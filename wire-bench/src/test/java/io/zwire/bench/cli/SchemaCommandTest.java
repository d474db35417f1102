package io.zwire.bench.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.bench.model.MyData;
import io.zwire.binary.ProtoSchema;
import io.zwire.cli.Command;
import io.zwire.cli.Zwire;
import io.zwire.jsonschema.JsonSchema;
import io.zwire.testkit.Protoc;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code zwire schema}: what the API writes, for a user's class path too, and protoc reads the benchmark model with it. */
class SchemaCommandTest {
    private static final String USER_TYPE = """
            package com.acme;

            import io.zwire.Field;
            import io.zwire.Marshallable;
            import io.zwire.WireIn;
            import io.zwire.WireOut;

            public final class Quote implements Marshallable {
                public enum Venue { LSE, XETRA }

                static final Field SYMBOL = Field.of(1, "symbol"), BID = Field.of(2, "bid"), VENUE = Field.of(3, "venue");
                public String symbol;
                public double bid;
                public Venue venue;

                public void writeMarshallable(WireOut out) {
                    out.write(SYMBOL).text(symbol).write(BID).float64(bid).write(VENUE).asEnum(venue);
                }

                public void readMarshallable(WireIn in) {
                    in.read(SYMBOL).text(this, (o, v) -> o.symbol = v)
                      .read(BID).float64(this, (o, v) -> o.bid = v)
                      .read(VENUE).asEnum(Venue.class, this, (o, v) -> o.venue = v);
                }
            }
            """;

    private static CommandRun zwire(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "schema";
        System.arraycopy(args, 0, all, 1, args.length);
        return CommandRun.of(Zwire::run, all);
    }

    @Test
    void writesWhatTheApiWritesForEachFormat() {
        CommandRun proto = zwire("--type", Order.class.getName(), "--format", "proto");
        assertEquals(Command.OK, proto.status(), proto.err());
        assertEquals(ProtoSchema.of(Schema.of(Order::new)), proto.out());

        TypeRegistry types = TypeRegistry.builder().add("Order", Order.class, Order::new).add("Party", Party.class, Party::new).build();
        CommandRun json = zwire("--type", AllTypes.class.getName(), "--format", "json-schema",
                "--typed", "Order=" + Order.class.getName() + ",Party=" + Party.class.getName());
        assertEquals(Command.OK, json.status(), json.err());
        assertEquals(JsonSchema.of(Schema.of(AllTypes::new, types), types), json.out());
    }

    /** A type that is not Marshallable is named by its static Marshaller field, as zwire garbage takes it. */
    @Test
    void writesTheSchemaOfAStaticMarshallerFieldNamedHolderHashField() {
        CommandRun proto = zwire("--type", QuoteMarshallers.class.getName() + "#QUOTES", "--format", "proto");
        assertEquals(Command.OK, proto.status(), proto.err());
        assertEquals(ProtoSchema.of(Schema.of(QuoteMarshallers.QUOTES)), proto.out());
        assertTrue(proto.out().contains("message Quote {"), proto.out());
        CommandRun json = zwire("--type", Records.class.getName() + "#ROSTERS", "--format", "json-schema");
        assertEquals(Command.OK, json.status(), json.err());
        assertEquals(JsonSchema.of(Schema.of(Records.ROSTERS)), json.out());
        assertUsage(zwire("--type", QuoteMarshallers.class.getName() + "#NOPE", "--format", "proto"),
                "no public static field NOPE");
    }

    @Test
    void readsAUsersTypeFromItsOwnClassPath(@TempDir Path dir) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assumeTrue(javac != null, "needs a JDK, not a JRE");
        Path source = Files.createDirectories(dir.resolve("src/com/acme")).resolve("Quote.java");
        Files.writeString(source, USER_TYPE);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                source.toString()), "the user type compiles");

        CommandRun run = zwire("--type", "com.acme.Quote", "--classpath", classes.toString(), "--format", "proto");
        assertEquals(Command.OK, run.status(), run.err());
        assertTrue(run.out().contains("enum Venue {\n  LSE = 0;\n  XETRA = 1;\n}\n"), run.out());
        assertTrue(run.out().contains("message Quote {\n  optional string symbol = 1;\n  optional double bid = 2;\n"
                + "  optional Venue venue = 3;\n}\n"), run.out());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> quote = loader.loadClass("com.acme.Quote");
            assertEquals(ProtoSchema.of(Schema.of(() -> newInstance(quote))), run.out());
        }
    }

    @Test
    void protocDecodesTheBenchmarkModelWithTheFileItWrites(@TempDir Path dir) throws IOException {
        Protoc.assumePresent();
        CommandRun run = zwire("--type", MyData.class.getName(), "--format", "proto");
        assertEquals(Command.OK, run.status(), run.err());
        Protoc.descriptorSet(dir, "my_data.proto", run.out());
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        wire.writeDocument(MyData.sample());
        byte[] document = wire.bytes().toByteArray();
        // zwire pads a document's length to 5 bytes; protoc decodes the message after it.
        byte[] message = Arrays.copyOfRange(document, 5, document.length);
        String decoded = Protoc.decode(dir, "my_data.proto", "io.zwire.bench.model.MyData", message);
        assertTrue(decoded.startsWith("""
                b: -7
                c: 90
                s: 12345
                i: 1234567
                f: 3.25
                l: 9876543210
                d:\s"""), decoded);
        // protoc prints 17 significant digits (2.7182818284590451): the same double.
        assertEquals(MyData.sample().d(), Double.parseDouble(decoded.substring(decoded.indexOf("d: ") + 3).strip()));
    }

    @Test
    void helpAndMistakes() {
        CommandRun help = zwire("--help");
        assertEquals(Command.OK, help.status(), help.err());
        assertTrue(help.out().contains("zwire schema --type CLASS --format proto|json-schema [--classpath PATH]"), help.out());
        assertTrue(help.out().contains("--typed ALIASES"), help.out());
        assertUsage(zwire("--format", "proto"), "--type CLASS is required");
        assertUsage(zwire("--type", Order.class.getName()), "--format proto|json-schema is required");
        assertUsage(zwire("--type", Order.class.getName(), "--format", "avro"), "avro");
        assertUsage(zwire("--type", "com.acme.Missing", "--format", "proto"), "com.acme.Missing not found");
        assertUsage(zwire("--type", Order.class.getName(), "--format", "proto", "--typed", "Order"), "--typed takes ALIAS=CLASS");
    }

    private static void assertUsage(CommandRun run, String expected) {
        assertEquals(Command.USAGE, run.status(), run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertEquals("", run.out());
    }

    private static Marshallable newInstance(Class<?> type) {
        try {
            return (Marshallable) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
