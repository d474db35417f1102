package io.zwire.test.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Java installation the harness can fork: its home directory and the version its
 * {@code release} file declares.
 *
 * @param home    the installation directory, holding {@code bin/java}
 * @param version the full version, e.g. {@code 17.0.15}
 * @param feature the feature release, e.g. 17
 */
public record JavaRuntime(Path home, String version, int feature) {
    /** The {@code java} launcher of this installation. Allocates the path. */
    public Path launcher() {
        Path java = home.resolve("bin").resolve("java");
        return Files.isExecutable(java) ? java : home.resolve("bin").resolve("java.exe");
    }

    /** Short form for tables: {@code 17.0.15}. */
    @Override
    public String toString() {
        return version;
    }
}
