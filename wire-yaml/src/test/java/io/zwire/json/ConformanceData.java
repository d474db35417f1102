package io.zwire.json;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the shared conformance data lives: {@code ../shared/conformance} relative to the
 * repository root, which is found by walking up from the working directory (the module's, under
 * Maven) to the folder holding the Maven wrapper.
 */
final class ConformanceData {
    private ConformanceData() {
    }

    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve(".mvn"))) {
                return p.resolve("../shared/conformance").normalize();
            }
        }
        return dir.resolve("../../shared/conformance").normalize();
    }
}
