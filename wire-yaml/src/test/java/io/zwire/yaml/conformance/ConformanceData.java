package io.zwire.yaml.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Finds the shared conformance corpora, {@code ../shared/conformance} relative to the repository
 * root (the directory holding the parent {@code pom.xml}), wherever the tests run from.
 */
public final class ConformanceData {
    private ConformanceData() {
    }

    /** The conformance directory; skips the calling test (a JUnit assumption) when it is missing. */
    public static Path root() {
        Path repository = repositoryRoot();
        Path data = repository == null ? null : repository.resolve("../shared/conformance").normalize();
        assumeTrue(data != null && Files.isDirectory(data),
                () -> "conformance data not found at ../shared/conformance from the repository root "
                        + repository + "; the conformance tests are skipped");
        return data;
    }

    private static Path repositoryRoot() {
        Path dir = Paths.get("").toAbsolutePath();
        while (dir != null) {
            Path pom = dir.resolve("pom.xml");
            try {
                if (Files.isRegularFile(pom) && Files.readString(pom).contains("<artifactId>zwire-parent</artifactId>")
                        && !Files.readString(pom).contains("<parent>")) {
                    return dir;
                }
            } catch (IOException unreadable) {
                return null;
            }
            dir = dir.getParent();
        }
        return null;
    }
}
