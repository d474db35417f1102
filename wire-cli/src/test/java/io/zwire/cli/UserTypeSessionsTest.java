package io.zwire.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.zwire.cli.ZwireRun.input;
import static io.zwire.cli.ZwireRun.zwire;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code zwire serve} and {@code zwire send} with a user's type that is not the example Order,
 * compiled at test time into a directory only {@code --classpath} names, over a real server on 127.0.0.1.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UserTypeSessionsTest {
    /** A van's reading: text, a long and a sequence of temperatures; no equals, no toString. */
    private static final String READING = """
            package com.acme;

            import io.zwire.Field;
            import io.zwire.Marshallable;
            import io.zwire.WireIn;
            import io.zwire.WireOut;

            public final class Reading implements Marshallable {
                static final Field VAN = Field.of(1, "van"), AT = Field.of(2, "at"), TEMPERATURES = Field.of(3, "temperatures");
                String van;
                long at;
                double[] temperatures = new double[4];
                int count;

                public static Reading sample() {
                    Reading reading = new Reading();
                    reading.van = "VAN-SAMPLE";
                    reading.at = 1_700_000_000_000L;
                    reading.temperatures[0] = 3.5;
                    reading.count = 1;
                    return reading;
                }

                public void writeMarshallable(WireOut out) {
                    out.write(VAN).text(van)
                       .write(AT).int64(at)
                       .write(TEMPERATURES).sequence(this, (o, seq) -> {
                           for (int i = 0; i < o.count; i++) seq.float64(o.temperatures[i]);
                       });
                }

                public void readMarshallable(WireIn in) {
                    in.read(VAN).text(this, (o, v) -> o.van = v)
                      .read(AT).int64(this, (o, v) -> o.at = v)
                      .read(TEMPERATURES).sequence(this, (o, seq) -> {
                          o.count = 0;
                          while (seq.hasNextElement()) {
                              if (o.count == o.temperatures.length) o.temperatures = java.util.Arrays.copyOf(o.temperatures, o.count * 2);
                              o.temperatures[o.count++] = seq.float64();
                          }
                      });
                }
            }
            """;

    private static final String TWO_READINGS = """
            van: VAN-7
            at: 1700000000000
            temperatures: [4.5, 4.75, 5.0]
            ---
            van: VAN-8
            at: 1700000000001
            temperatures: []
            """;

    /** A type whose constructor throws, as one that needs something the command line cannot give. */
    private static final String BROKEN = """
            package com.acme;

            public final class Broken implements io.zwire.Marshallable {
                public Broken() {
                    throw new IllegalStateException("no sensor");
                }

                public void writeMarshallable(io.zwire.WireOut out) {
                }

                public void readMarshallable(io.zwire.WireIn in) {
                }
            }
            """;

    /** Tags in a HashMap, which a reused instance iterates in another order once it has held more. */
    private static final String TAGGED = """
            package com.acme;

            import io.zwire.Field;
            import io.zwire.Marshallable;
            import io.zwire.WireIn;
            import io.zwire.WireOut;

            public final class Tagged implements Marshallable {
                static final Field NAME = Field.of(1, "name"), TAGS = Field.of(2, "tags");
                String name;
                final java.util.Map<String, String> tags = new java.util.HashMap<>();

                public void writeMarshallable(WireOut out) {
                    out.write(NAME).text(name)
                       .write(TAGS).map(this, (o, m) -> {
                           for (java.util.Map.Entry<String, String> tag : o.tags.entrySet()) m.key(tag.getKey()).text(tag.getValue());
                       });
                }

                public void readMarshallable(WireIn in) {
                    in.read(NAME).text(this, (o, v) -> o.name = v)
                      .read(TAGS).map(this, (o, m) -> {
                          o.tags.clear();
                          while (m.hasNextEntry()) {
                              String key = m.textKey();
                              o.tags.put(key, m.text());
                          }
                      });
                }
            }
            """;

    /** Another type called Reading, whose {@code at} is text where com.acme.Reading's is a long. */
    private static final String OTHER_READING = """
            package com.other;

            import io.zwire.Field;
            import io.zwire.Marshallable;
            import io.zwire.WireIn;
            import io.zwire.WireOut;

            public final class Reading implements Marshallable {
                static final Field VAN = Field.of(1, "van"), AT = Field.of(2, "at");
                String van;
                String at;

                public void writeMarshallable(WireOut out) {
                    out.write(VAN).text(van).write(AT).text(at);
                }

                public void readMarshallable(WireIn in) {
                    in.read(VAN).text(this, (o, v) -> o.van = v).read(AT).text(this, (o, v) -> o.at = v);
                }
            }
            """;

    /** A type whose static initializer throws. */
    private static final String UNCONFIGURED = """
            package com.acme;

            public final class Unconfigured implements io.zwire.Marshallable {
                static final String SETTING = setting();

                static String setting() {
                    throw new IllegalStateException("no config file");
                }

                public void writeMarshallable(io.zwire.WireOut out) {
                }

                public void readMarshallable(io.zwire.WireIn in) {
                }
            }
            """;

    /** A type with no sample() whose new instance cannot be written: its array field is null. */
    private static final String HOLLOW = """
            package com.acme;

            public final class Hollow implements io.zwire.Marshallable {
                static final io.zwire.Field COUNTS = io.zwire.Field.of(1, "counts");
                int[] counts;

                public void writeMarshallable(io.zwire.WireOut out) {
                    out.write(COUNTS).int32(counts.length);
                }

                public void readMarshallable(io.zwire.WireIn in) {
                    in.read(COUNTS).int32(this, (o, v) -> o.counts = new int[v]);
                }
            }
            """;

    /** A type whose equals throws, as a user's bug met while checking an echo. */
    private static final String PICKY = """
            package com.acme;

            public final class Picky implements io.zwire.Marshallable {
                static final io.zwire.Field ID = io.zwire.Field.of(1, "id");
                long id;

                public static Picky sample() {
                    return new Picky();
                }

                public void writeMarshallable(io.zwire.WireOut out) {
                    out.write(ID).int64(id);
                }

                public void readMarshallable(io.zwire.WireIn in) {
                    in.read(ID).int64(this, (o, v) -> o.id = v);
                }

                @Override
                public boolean equals(Object other) {
                    throw new UnsupportedOperationException("equals is not for comparing");
                }

                @Override
                public int hashCode() {
                    return Long.hashCode(id);
                }
            }
            """;

    @TempDir
    static Path dir;
    private static Path classes;

    /** A {@code zwire serve} on a thread of its own, until {@link #stop} interrupts it. */
    private static final class Serving {
        private final String port;
        private final Thread thread;
        private volatile ZwireRun run;

        Serving(String... arguments) throws Exception {
            port = String.valueOf(LocalPorts.freePort());
            List<String> all = new ArrayList<>(List.of("serve", "--port", port, "--classpath", classes.toString()));
            all.addAll(List.of(arguments));
            thread = new Thread(() -> run = zwire(all.toArray(String[]::new)), "zwire-serve");
            thread.start();
            LocalPorts.awaitListening(Integer.parseInt(port));
        }

        /** {@return a {@code zwire send} to this server of {@code type} from {@code classes}, reading {@code stdin}} */
        ZwireRun send(String stdin, String type, String... arguments) {
            List<String> all = new ArrayList<>(List.of("send", "--port", port, "--type", type, "--classpath",
                    classes.toString()));
            all.addAll(List.of(arguments));
            return zwire(input(stdin), all.toArray(String[]::new));
        }

        /** Interrupts the server, which then closes, and {@return its run} */
        ZwireRun stop() throws InterruptedException {
            thread.interrupt();
            thread.join(20_000);
            assertFalse(thread.isAlive(), "zwire serve stops when interrupted");
            return run;
        }
    }

    @BeforeAll
    static void compileTheUsersType() throws IOException {
        classes = UserTypeCompiler.compile(dir, Map.of("com.acme.Reading", READING, "com.acme.Broken", BROKEN,
                "com.acme.Tagged", TAGGED, "com.other.Reading", OTHER_READING, "com.acme.Unconfigured", UNCONFIGURED,
                "com.acme.Hollow", HOLLOW, "com.acme.Picky", PICKY));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("com.acme.Reading"), "not on the test's class path");
    }

    @Test
    void sendReadsTheUsersDocumentsAndServePrintsEachAsYamlAndEchoesIt() throws Exception {
        Path readings = Files.writeString(dir.resolve("readings.yaml"), TWO_READINGS);
        Serving serve = new Serving("--type", "com.acme.Reading");

        ZwireRun fromFile = serve.send("", "com.acme.Reading", "--in", readings.toString(), "--wire", "cbor");
        assertEquals(Command.OK, fromFile.status(), fromFile.err());
        assertTrue(fromFile.out().contains("negotiated BINARY"), fromFile.out());
        assertTrue(fromFile.out().contains("2 Readings sent and 2 equal echoes received"), fromFile.out());

        ZwireRun fromStdin = serve.send("{\"van\":\"VAN-9\",\"at\":3,\"temperatures\":[1.5]}\n", "com.acme.Reading",
                "--in", "-", "--from", "json", "--wire", "protobuf", "--count", "50");
        assertEquals(Command.OK, fromStdin.status(), fromStdin.err());
        assertTrue(fromStdin.out().contains("negotiated NUMBERED"), fromStdin.out());
        assertTrue(fromStdin.out().contains("50 Readings sent and 50 equal echoes received"), fromStdin.out());

        ZwireRun sample = serve.send("", "com.acme.Reading", "--count", "3", "--wire", "raw");
        assertEquals(Command.OK, sample.status(), sample.err());
        assertTrue(sample.out().contains("negotiated RAW"), sample.out());

        ZwireRun orders = zwire("send", "--port", serve.port, "--count", "1");
        assertEquals(Command.FAILED, orders.status(), orders.err());
        assertTrue(orders.err().contains("this side has [Order], the peer [Reading]"), orders.err());

        ZwireRun served = serve.stop();
        assertEquals(Command.OK, served.status(), served.err());
        assertTrue(served.out().contains("messages [Reading]"), served.out());
        assertTrue(served.out().contains("connection 1, message 1:\n---\nvan: VAN-7\nat: 1700000000000\ntemperatures:"),
                served.out());
        assertTrue(served.out().contains("connection 1, message 2:\n---\nvan: VAN-8\n"), served.out());
        assertTrue(served.out().contains("van: VAN-9"), served.out());
        assertTrue(served.out().contains("van: VAN-SAMPLE"), served.out());
        assertTrue(served.out().contains("connection 2, message 10:"), "ten printed by default: " + served.out());
        assertFalse(served.out().contains("connection 2, message 11:"), served.out());
        assertTrue(served.out().contains("50 messages echoed"), served.out());
    }

    @Test
    void servePrintsNoMessageWithPrintZero() throws Exception {
        Serving serve = new Serving("--type", "com.acme.Reading", "--print", "0");
        ZwireRun sample = serve.send("", "com.acme.Reading", "--count", "5");
        assertEquals(Command.OK, sample.status(), sample.err());
        ZwireRun served = serve.stop();
        assertTrue(served.out().contains("5 messages echoed"), served.out());
        assertFalse(served.out().contains("message 1:"), served.out());
    }

    @Test
    void aMissingOrUnusableTypeIsAUsageErrorNamingIt() {
        ZwireRun missing = zwire("send", "--type", "com.acme.Absent", "--classpath", classes.toString());
        assertEquals(Command.USAGE, missing.status());
        assertTrue(missing.err().startsWith("zwire send: type com.acme.Absent not found on the class path"), missing.err());

        ZwireRun noClassPath = zwire("serve", "--port", "0", "--type", "com.acme.Reading", "--seconds", "1");
        assertEquals(Command.USAGE, noClassPath.status());
        assertTrue(noClassPath.err().startsWith("zwire serve: type com.acme.Reading not found"), noClassPath.err());

        ZwireRun notMarshallable = zwire("serve", "--port", "0", "--type", "java.lang.String", "--seconds", "1");
        assertEquals(Command.USAGE, notMarshallable.status());
        assertTrue(notMarshallable.err().contains("java.lang.String does not implement io.zwire.Marshallable"),
                notMarshallable.err());

        ZwireRun throwing = zwire("send", "--type", "com.acme.Broken", "--classpath", classes.toString());
        assertEquals(Command.USAGE, throwing.status());
        assertTrue(throwing.err().startsWith("zwire send: creating com.acme.Broken threw java.lang.IllegalStateException:"
                + " no sensor"), throwing.err());

        ZwireRun unconfigured = zwire("send", "--type", "com.acme.Unconfigured", "--classpath", classes.toString());
        assertEquals(Command.USAGE, unconfigured.status());
        assertTrue(unconfigured.err().startsWith("zwire send: initializing com.acme.Unconfigured threw"
                + " java.lang.IllegalStateException: no config file\nusage: zwire send"), unconfigured.err());

        ZwireRun hollow = zwire("serve", "--port", "0", "--type", "com.acme.Hollow", "--classpath", classes.toString());
        assertEquals(Command.USAGE, hollow.status());
        String hollowError = hollow.err().lines().findFirst().orElseThrow();
        assertTrue(hollowError.startsWith("zwire serve: writing a new com.acme.Hollow threw java.lang.NullPointerException"),
                hollow.err());
        assertTrue(hollowError.endsWith(": give it a public static sample()"), hollow.err());

        ZwireRun classPathAlone = zwire("send", "--classpath", classes.toString());
        assertEquals(Command.USAGE, classPathAlone.status());
        assertTrue(classPathAlone.err().contains("give --type too"), classPathAlone.err());

        ZwireRun twoTypes = zwire("send", "--type", "com.acme.Reading,com.acme.Reading", "--classpath", classes.toString());
        assertEquals(Command.USAGE, twoTypes.status());
        assertTrue(twoTypes.err().contains("--type takes one class here"), twoTypes.err());
    }

    @Test
    void aBadOrMissingInputIsOneLineAndNothingIsSent() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "van: VAN-1\nat: 1\n---\nvan: VAN-2\nat: [oops\n");
        ZwireRun badDocument = zwire("send", "--port", "1", "--type", "com.acme.Reading", "--classpath", classes.toString(),
                "--in", bad.toString());
        assertEquals(Command.FAILED, badDocument.status());
        assertEquals(1, badDocument.err().lines().count(), badDocument.err());
        assertTrue(badDocument.err().startsWith("zwire send: bad yaml input in document 2 of " + bad), badDocument.err());

        ZwireRun empty = zwire("send", "--port", "1", "--type", "com.acme.Reading", "--classpath", classes.toString(),
                "--in", "-");
        assertEquals(Command.FAILED, empty.status());
        assertEquals("zwire send: no yaml document in standard input\n", empty.err());

        ZwireRun absent = zwire("send", "--port", "1", "--in", dir.resolve("absent.yaml").toString());
        assertEquals(Command.FAILED, absent.status());
        assertEquals("zwire send: no such file: " + dir.resolve("absent.yaml") + "\n", absent.err());

        ZwireRun fromAlone = zwire("send", "--from", "json");
        assertEquals(Command.USAGE, fromAlone.status());
        assertTrue(fromAlone.err().contains("--from is the wire of --in"), fromAlone.err());
    }

    @Test
    void anEchoWhoseHashMapIteratesInAnotherOrderMatches() throws Exception {
        StringBuilder forty = new StringBuilder("{\"name\":\"many\",\"tags\":{");
        for (int i = 0; i < 40; i++) {
            forty.append(i == 0 ? "" : ",").append("\"tag").append(i).append("\":\"v").append(i).append('"');
        }
        forty.append("}}\n");
        String seven = "{\"name\":\"few\",\"tags\":{\"route\":\"A1\",\"driver\":\"Ann\",\"depot\":\"Leeds\","
                + "\"load\":\"full\",\"door\":\"shut\",\"fuel\":\"half\",\"tyres\":\"ok\"}}\n";
        Serving serve = new Serving("--type", "com.acme.Tagged", "--print", "0");
        ZwireRun sent = serve.send(forty + seven, "com.acme.Tagged", "--in", "-", "--from", "json", "--wire", "json",
                "--count", "4");
        serve.stop();
        assertEquals(Command.OK, sent.status(), sent.err());
        assertTrue(sent.out().contains("4 Taggeds sent and 4 equal echoes received"), sent.out());
    }

    @Test
    void anEchoTheServerNeverSendsEndsTheRunAfterTheTimeout() throws Exception {
        Serving serve = new Serving("--type", "com.acme.Reading", "--print", "0");
        long start = System.nanoTime();
        ZwireRun sent = serve.send("van: VAN-1\nat: yesterday\n", "com.other.Reading", "--in", "-", "--wire", "cbor",
                "--timeout", "1");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        ZwireRun served = serve.stop();
        assertEquals(Command.FAILED, sent.status(), sent.err());
        assertEquals("zwire send: no echo for message 1 in 1 s: the server skipped it (does its type differ?)\n",
                sent.err());
        assertTrue(seconds < 5, "gave up after " + seconds + " s");
        assertTrue(served.out().contains("a bad message, skipped"), served.out());
    }

    @Test
    void aTypeThatThrowsWhileEchoesAreCheckedIsOneLine() throws Exception {
        Serving serve = new Serving("--type", "com.acme.Picky", "--print", "0");
        ZwireRun sent = serve.send("", "com.acme.Picky", "--count", "2");
        serve.stop();
        assertEquals(Command.FAILED, sent.status(), sent.err());
        assertEquals("zwire send: exchanging Pickys failed: java.lang.UnsupportedOperationException: equals is not for"
                + " comparing\n", sent.err());
    }
}
