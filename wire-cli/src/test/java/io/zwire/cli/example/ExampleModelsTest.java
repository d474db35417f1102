package io.zwire.cli.example;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The demo's {@code Order}, {@code Party} and {@code Side} are the test kit's models
 * ({@code io.zwire.testkit.model}, wire-api's test jar) under the demo's package: the test kit must
 * sit in wire-api, which the demo's module cannot take test code from, so until one copy lives in
 * wire-api's main code the two may differ in their package line alone.
 */
class ExampleModelsTest {
    /** Maven runs tests from the module directory. */
    private static final Path DEMO = Path.of("src/main/java/io/zwire/cli/example");
    private static final Path TEST_KIT = Path.of("../wire-api/src/test/java/io/zwire/testkit/model");

    @Test
    void theDemoModelsDifferFromTheTestKitsInTheirPackageAlone() throws IOException {
        for (String type : List.of("Order", "Party", "Side")) {
            String demo = Files.readString(DEMO.resolve(type + ".java"), StandardCharsets.UTF_8);
            String kit = Files.readString(TEST_KIT.resolve(type + ".java"), StandardCharsets.UTF_8);
            assertTrue(demo.startsWith("package io.zwire.cli.example;\n"), type);
            assertTrue(kit.startsWith("package io.zwire.testkit.model;\n"), type);
            assertEquals(kit.substring(kit.indexOf('\n')), demo.substring(demo.indexOf('\n')),
                    type + ": change the test kit's model and the demo's together");
        }
    }
}
