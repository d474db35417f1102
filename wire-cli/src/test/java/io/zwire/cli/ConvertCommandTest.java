package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.zwire.cli.ZwireRun.input;
import static io.zwire.cli.ZwireRun.zwire;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code zwire convert}: exact or refused, the good documents kept, and the help telling the truth. */
class ConvertCommandTest {
    private static ZwireRun convert(String stdin, String... args) {
        return convert(input(stdin), args);
    }

    private static ZwireRun convert(byte[] stdin, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "convert";
        System.arraycopy(args, 0, all, 1, args.length);
        return zwire(stdin, all);
    }

    /** Regression: a bad document in the middle aborted the conversion and wrote nothing of the good ones before it. */
    @Test
    void aBadDocumentInTheMiddleKeepsTheGoodOnesBeforeItAndIsReportedWithItsOffset(@TempDir Path dir) throws IOException {
        String input = "{\"a\":1}\n{\"b\":2}\n{\"c\":oops}\n{\"d\":4}\n";
        ZwireRun run = convert(input, "--from", "json", "--to", "yaml");
        assertEquals(Command.FAILED, run.status(), run.err());
        assertEquals("---\na: 1\n---\nb: 2\n", run.out());
        assertTrue(run.err().contains("document 3") && run.err().contains("JSON at offset 21"), run.err());
        assertTrue(run.err().contains("the 2 documents before it were written"), run.err());

        Path in = Files.writeString(dir.resolve("in.json"), input);
        Path out = dir.resolve("out.yaml");
        ZwireRun toFile = convert("", "--from", "json", "--to", "yaml", "--in", in.toString(), "--out", out.toString());
        assertEquals(Command.FAILED, toFile.status(), toFile.err());
        assertEquals("---\na: 1\n---\nb: 2\n", Files.readString(out));
    }

    /** A value the output wire cannot express stops the conversion the same way, naming the document. */
    @Test
    void aValueTheOutputCannotExpressIsRefusedNotChanged() {
        ZwireRun surrogate = convert("[\"ok\"]\n[\"\\uD800\",\"a\\uDEADb\"]\n", "--from", "json", "--to", "binary");
        assertEquals(Command.FAILED, surrogate.status());
        assertTrue(surrogate.err().contains("document 2 (at input offset 7) cannot be written on binary exactly")
                && surrogate.err().contains("unpaired surrogate U+D800"), surrogate.err());
        ZwireRun keys = convert("1: a\n\"1\": b\n", "--from", "yaml", "--to", "json");
        assertEquals(Command.FAILED, keys.status());
        assertEquals("", keys.out());
        assertTrue(keys.err().contains("\"1\""), keys.err());
        ZwireRun exact = convert("[\"\\uD800\",\"a\\uDEADb\"]", "--from", "json", "--to", "json");
        assertEquals(Command.OK, exact.status(), exact.err());
        assertEquals("[\"\\uD800\",\"a\\uDEADb\"]\n", exact.out());
    }

    /**
     * Issue 31: a CBOR tag reached JSON without its tag, and JSON 1e9999999999 reached YAML as the
     * string "Infinity", both with exit status 0. Each is now refused in one line that names the
     * value and its offset, and nothing is written.
     */
    @Test
    void aValueNoWireOfThePairCanCarryExitsNonZeroWithOneLine() {
        ZwireRun tag = convert(java.util.HexFormat.of().parseHex("c11a514b67b0"), "--from", "binary", "--to", "json");
        assertEquals(Command.FAILED, tag.status(), tag.err());
        assertEquals("", tag.out());
        assertEquals("zwire convert: document 1 (at input offset 0) cannot be written on json exactly: JSON at offset 0:"
                + " expected a value the text wires can hold, found the CBOR tag 1 (a numbered tag)\n", tag.err());
        ZwireRun huge = convert("{\"a\":1e9999999999}\n", "--from", "json", "--to", "yaml");
        assertEquals(Command.FAILED, huge.status(), huge.err());
        assertEquals("", huge.out());
        assertEquals(1, huge.err().lines().count(), huge.err());
        assertTrue(huge.err().contains("JSON at offset 5") && huge.err().contains("found 1e9999999999"), huge.err());
    }

    /**
     * Regression: --to numbered was refused as "carries no field names or types" although --help
     * said only RAW was, and --from numbered was refused too. NUMBERED is read (as protoc
     * --decode_raw reads it); writing it needs a protobuf type, which the refusal and the help say.
     */
    @Test
    void numberedIsReadAndItsRefusalAsAnOutputSaysWhy() {
        Wire numbered = WireType.NUMBERED.apply(Bytes.elastic(64));
        numbered.writeDocument(new Order(7, "EURUSD", 1.5, 2, null, null));
        ZwireRun from = convert(numbered.bytes().toByteArray(), "--from", "numbered", "--to", "json");
        assertEquals(Command.OK, from.status(), from.err());
        assertTrue(from.out().startsWith("{\"1\":14,\"2\":\"EURUSD\""), from.out());
        ZwireRun to = convert("{\"a\":1}", "--from", "json", "--to", "numbered");
        assertEquals(Command.USAGE, to.status());
        assertTrue(to.err().contains("needs a protobuf type"), to.err());
        ZwireRun help = convert("", "--help");
        assertTrue(help.out().contains("NUMBERED can be read") && help.out().contains("but not written"), help.out());
    }

    /**
     * Regression: [][] and {"a": true} "x" (JSONTestSuite's n_structure_double_array and
     * n_structure_object_with_trailing_garbage) and JSON_checker's fail10 converted as two
     * documents. As a stream they fail (the next document starts on a new line); --single reads
     * the input as one document, where empty input fails too.
     */
    @Test
    void aStreamIsOneDocumentPerLineAndSingleMeansExactlyOne() {
        for (String bad : new String[] {"[][]", "{\"a\": true} \"x\"",
                "{\"Extra value after close\": true} \"misplaced quoted value\""}) {
            for (boolean single : new boolean[] {false, true}) {
                ZwireRun run = single ? convert(bad, "--from", "json", "--to", "yaml", "--single")
                        : convert(bad, "--from", "json", "--to", "yaml");
                assertEquals(Command.FAILED, run.status(), bad + ": " + run.out());
                assertEquals("", run.out(), bad);
            }
        }
        for (String empty : new String[] {"", " ", "\n", "\uFEFF"}) {
            ZwireRun run = convert(empty, "--from", "json", "--to", "yaml", "--single");
            assertEquals(Command.FAILED, run.status(), "'" + empty + "'");
            assertTrue(run.err().contains("holds none"), run.err());
            assertEquals(Command.OK, convert(empty, "--from", "json", "--to", "yaml").status(), "a stream may be empty");
        }
        ZwireRun two = convert("{\"a\":1}\n{\"b\":2}\n", "--from", "json", "--to", "yaml", "--single");
        assertEquals(Command.FAILED, two.status());
        assertEquals("", two.out(), "nothing is written of an input that is not one document");
        ZwireRun pretty = convert("{\n  \"a\": [\n    1\n  ]\n}\n", "--from", "json", "--to", "yaml", "--single");
        assertEquals(Command.OK, pretty.status(), pretty.err());
        assertEquals("---\na:\n  - 1\n", pretty.out());
    }

    /** Regression: {"@context":{"name":"x"}} converted to "--- !context"; plain JSON is plain unless asked. */
    @Test
    void plainJsonConvertsAsPlainJsonUnlessTypedObjectsAreAskedFor() {
        String json = "{\"@context\":{\"name\":\"x\"}}";
        ZwireRun plain = convert(json, "--from", "json", "--to", "yaml");
        assertEquals(Command.OK, plain.status(), plain.err());
        assertFalse(plain.out().contains("!context"), plain.out());
        ZwireRun typed = convert(json, "--from", "json", "--to", "yaml", "--json-typed-objects");
        assertEquals("--- !context\nname: x\n", typed.out());
        ZwireRun back = convert(typed.out(), "--from", "yaml", "--to", "json", "--json-typed-objects");
        assertEquals(json + "\n", back.out());
    }
}
