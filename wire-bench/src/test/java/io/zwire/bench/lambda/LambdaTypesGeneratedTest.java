package io.zwire.bench.lambda;

import io.zwire.WireType;
import io.zwire.test.harness.MarshallableType;
import io.zwire.test.harness.RoundTripLoop;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LambdaTypesGeneratedTest {
    /** Maven runs tests from the module directory. */
    private static final Path SOURCES = Path.of("src/main/java/io/zwire/bench/lambda");

    @Test
    void generatedTypesHaveSamples() {
        assertTrue(MarshallableType.load(NonCapturing4.class.getName(), LambdaTypesGeneratedTest.class.getClassLoader())
                .hasSample());
    }

    @Test
    void committedSourcesAreExactlyTheGeneratorsOutput() throws IOException {
        List<String> expected = new ArrayList<>();
        for (LambdaTypesGenerator.Style style : LambdaTypesGenerator.Style.values()) {
            for (int fields : style.fieldCounts()) {
                String name = style.className(fields);
                expected.add(name + ".java");
                Path file = SOURCES.resolve(name + ".java");
                assertTrue(Files.exists(file), file + " missing: run the generator (see its javadoc)");
                assertEquals(LambdaTypesGenerator.source(style, fields), Files.readString(file, StandardCharsets.UTF_8),
                        file + " differs from the generator's output: regenerate instead of editing");
            }
        }
        try (var files = Files.list(SOURCES)) {
            List<String> generatedOnDisk = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("(NonCapturing|Capturing|CapturingSplit)\\d+\\.java")).sorted().toList();
            assertEquals(expected.stream().sorted().toList(), generatedOnDisk, "no stale generated files");
        }
    }

    @Test
    void theSuiteListsExactlyTheGeneratedTypes() {
        assertEquals(LambdaTypesGenerator.FIELD_COUNTS, LambdaTypes.FIELD_COUNTS);
        List<String> expected = new ArrayList<>();
        for (int fields : LambdaTypesGenerator.FIELD_COUNTS) {
            for (LambdaTypesGenerator.Style style : LambdaTypesGenerator.Style.values()) {
                if (style.fieldCounts().contains(fields)) {
                    expected.add(LambdaTypes.class.getPackageName() + "." + style.className(fields));
                }
            }
        }
        assertEquals(expected, LambdaTypes.classNames());
    }

    @Test
    void everyGeneratedTypeRoundTripsFaithfullyOnEveryWire() {
        for (String name : LambdaTypes.classNames()) {
            MarshallableType type = MarshallableType.load(name, getClass().getClassLoader());
            for (WireType wire : WireType.available()) {
                int size = new RoundTripLoop(wire, type.newSource(), type.newTarget()).verify();
                assertTrue(size > 0, name + " over " + wire);
            }
        }
    }
}
