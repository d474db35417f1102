package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.yaml.conformance.ConformanceData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * JSONTestSuite ({@code ../shared/conformance/JSONTestSuite/test_parsing}, found from the
 * repository root): every {@code y_} file is accepted, every {@code n_} file rejected with a
 * {@link WireException}, and no file, {@code i_} included, fails any other way (no other
 * exception, no {@code StackOverflowError}, no hang).
 *
 * <p>A file is accepted when it holds exactly one JSON text: {@link Wire#readSingleValue}, the
 * single-document mode for files, reads one value and finds nothing but whitespace after it. The
 * stream mode ({@link Wire#readValue} until it returns false) must not accept more: a stream of
 * several documents on one line, or of none, is no JSON text.
 * Files whose root is an object are also read through the typed path (a document skipped field
 * by field), which must reach the same verdict: the tokenizer's skipping is as strict as the
 * plain-value reader.
 */
class JsonTestSuiteConformanceTest {
    private static final String REPEATED_KEY = "a repeated key is refused by readValue, as on YAML, since JSON "
            + "readers disagree on which value it keeps; the typed path reads the first and offers the rest to "
            + "Marshallable.unexpectedField";

    /**
     * Cases knowingly not handled as the suite expects, by file name, with the reason. A case
     * listed here fails the build if it starts passing, so the list stays true. Its typed and
     * plain-value verdicts may differ.
     */
    private static final Map<String, String> KNOWN_UNSUPPORTED = Map.of(
            "y_object_duplicated_key.json", REPEATED_KEY,
            "y_object_duplicated_key_and_value.json", REPEATED_KEY);

    enum Verdict { ACCEPTED, REJECTED }

    /** The suite's folder, or a failed assumption naming where it was looked for. */
    static Path testParsing() {
        Path suite = ConformanceData.root().resolve("JSONTestSuite/test_parsing");
        assumeTrue(Files.isDirectory(suite), "JSONTestSuite not found at " + suite + ": skipped");
        return suite;
    }

    /** Whether the bytes hold exactly one JSON value, read as plain values in single-document mode. */
    static Verdict plainVerdict(byte[] content) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(content));
        try {
            wire.readSingleValue();
            return Verdict.ACCEPTED;
        } catch (WireException rejected) {
            assertEquals("JSON", rejected.wire());
            assertTrue(rejected.offset() >= 0, rejected.getMessage());
            return Verdict.REJECTED;
        }
    }

    /** Whether a stream read finds exactly one document in the bytes, and no error. */
    static Verdict streamVerdict(byte[] content) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(content));
        int documents = 0;
        try {
            while (wire.readValue(value -> { })) {
                documents++;
            }
        } catch (WireException rejected) {
            return Verdict.REJECTED;
        }
        return documents == 1 ? Verdict.ACCEPTED : Verdict.REJECTED;
    }

    /**
     * Regression: JSON input was a stream of values with nothing required between them, so these
     * passed through {@code zwire convert} as several documents (or none). In single-document mode
     * each is refused; as a stream, the ones with two documents on a line fail on their first.
     */
    @ParameterizedTest
    @ValueSource(strings = {"n_structure_double_array.json", "n_structure_object_with_trailing_garbage.json",
        "n_structure_no_data.json", "n_single_space.json", "n_structure_UTF8_BOM_no_data.json"})
    void streamCasesAreRejectedInSingleDocumentMode(String name) throws IOException {
        byte[] content = Files.readAllBytes(testParsing().resolve(name));
        WireException e = assertThrows(WireException.class,
                () -> WireType.JSON.apply(Bytes.wrap(content)).readSingleValue(), name);
        assertEquals("JSON", e.wire());
        if (name.contains("double_array") || name.contains("trailing_garbage")) {
            assertThrows(WireException.class, () -> WireType.JSON.apply(Bytes.wrap(content)).readValue(v -> { }),
                    "a second document on the line of the first");
        }
    }

    /** JSON_checker's fail10.json (not in the shared data): a value after the object, on its line. */
    @Test
    void jsonCheckerFail10IsRejectedInBothModes() {
        byte[] content = "{\"Extra value after close\": true} \"misplaced quoted value\"".getBytes(StandardCharsets.UTF_8);
        assertThrows(WireException.class, () -> WireType.JSON.apply(Bytes.wrap(content)).readSingleValue());
        assertThrows(WireException.class, () -> WireType.JSON.apply(Bytes.wrap(content)).readValue(v -> { }));
    }

    /** Whether the bytes hold exactly one object, read (and skipped) as a typed document. */
    static Verdict typedVerdict(byte[] content) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(content));
        try {
            if (!wire.readDocument(new SkipsEverything())) {
                return Verdict.REJECTED;
            }
            return wire.readDocument(new SkipsEverything()) ? Verdict.REJECTED : Verdict.ACCEPTED;
        } catch (WireException rejected) {
            return Verdict.REJECTED;
        }
    }

    /** Reads no field, so every field of a document is skipped (and offered to the hook, which ignores it). */
    static final class SkipsEverything implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    @Test
    void acceptsEveryYRejectsEveryNAndSurvivesEveryI() throws IOException {
        Path suite = testParsing();
        List<Path> files;
        try (Stream<Path> listing = Files.list(suite)) {
            files = listing.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        Map<String, int[]> counts = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        Map<Verdict, List<String>> implementationDefined = new TreeMap<>();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (Path file : files) {
                String name = file.getFileName().toString();
                String prefix = name.substring(0, 1);
                byte[] content = Files.readAllBytes(file);
                Verdict verdict;
                try {
                    verdict = plainVerdict(content);
                    Verdict stream = streamVerdict(content);
                    if (stream == Verdict.ACCEPTED && verdict == Verdict.REJECTED) {
                        failures.add(name + ": a stream read accepts what single-document mode rejects");
                    }
                    if (firstNonWhitespace(content) == '{' && !KNOWN_UNSUPPORTED.containsKey(name)) {
                        Verdict typed = typedVerdict(content);
                        if (typed != verdict) {
                            failures.add(name + ": the typed path says " + typed + ", the plain-value path " + verdict);
                        }
                    }
                } catch (Throwable crash) {
                    failures.add(name + ": crashed with " + crash);
                    continue;
                }
                int[] tally = counts.computeIfAbsent(prefix, p -> new int[2]);
                tally[verdict.ordinal()]++;
                if (prefix.equals("i")) {
                    implementationDefined.computeIfAbsent(verdict, v -> new ArrayList<>()).add(name);
                }
                boolean asExpected = switch (prefix) {
                    case "y" -> verdict == Verdict.ACCEPTED;
                    case "n" -> verdict == Verdict.REJECTED;
                    default -> true;
                };
                String known = KNOWN_UNSUPPORTED.get(name);
                if (known != null && asExpected) {
                    failures.add(name + " now passes: remove it from KNOWN_UNSUPPORTED (" + known + ")");
                } else if (known == null && !asExpected) {
                    failures.add(name + ": " + verdict);
                }
            }
        });
        StringBuilder summary = new StringBuilder("JSONTestSuite test_parsing, " + files.size() + " files:");
        counts.forEach((prefix, tally) -> summary.append(String.format(" %s_ %d accepted / %d rejected;",
                prefix, tally[0], tally[1])));
        summary.append(" knowingly unsupported: ").append(KNOWN_UNSUPPORTED.size());
        System.out.println(summary);
        implementationDefined.forEach((verdict, names) -> System.out.println("  i_ " + verdict + ": " + names));
        assertTrue(failures.isEmpty(), failures.size() + " cases failed:\n" + String.join("\n", failures));
        assertTrue(files.size() > 300, "the whole suite was read: " + files.size());
    }

    private static int firstNonWhitespace(byte[] content) {
        for (byte b : content) {
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return b;
            }
        }
        return -1;
    }
}
