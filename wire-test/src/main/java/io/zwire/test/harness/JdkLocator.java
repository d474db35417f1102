package io.zwire.test.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the Java installations to run on: the current one, one named by the user, and the other
 * installations of Java 17 or later beside the current one (as under {@code /usr/lib/jvm}), found
 * by looking rather than by a configured list, so a newly installed JDK is picked up as it is.
 */
public final class JdkLocator {
    /** The oldest release zwire supports. */
    public static final int MINIMUM_FEATURE = 17;

    private JdkLocator() {
    }

    /** The installation running this code. */
    public static JavaRuntime current() {
        Path home = Path.of(System.getProperty("java.home"));
        return new JavaRuntime(home, Runtime.version().toString().split("\\+")[0], Runtime.version().feature());
    }

    /**
     * The installation at {@code path}: its home, or its {@code bin/java}. Reads its
     * {@code release} file.
     *
     * @throws IllegalArgumentException if {@code path} holds no {@code bin/java} and {@code release}
     *                                  file with a {@code JAVA_VERSION}
     */
    public static JavaRuntime at(Path path) {
        Path home = path.endsWith(Path.of("bin", "java")) ? path.getParent().getParent() : path;
        return describe(home).orElseThrow(() -> new IllegalArgumentException(
                "not a Java installation: " + path + " (expected bin/java and a release file with JAVA_VERSION)"));
    }

    /**
     * The other installations of Java {@value #MINIMUM_FEATURE}+ in the directory that holds
     * {@code current}'s home, each once (links to the same directory count once), by release then
     * path. Empty when there are none or the directory cannot be listed.
     */
    public static List<JavaRuntime> siblingsOf(JavaRuntime current) {
        Path self = realPath(current.home());
        Path parent = self.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        List<JavaRuntime> found = new ArrayList<>();
        List<Path> seen = new ArrayList<>();
        seen.add(self);
        try (Stream<Path> children = Files.list(parent)) {
            for (Path child : (Iterable<Path>) children.sorted()::iterator) {
                Path real = realPath(child);
                if (seen.contains(real)) {
                    continue;
                }
                seen.add(real);
                describe(real).filter(runtime -> runtime.feature() >= MINIMUM_FEATURE).ifPresent(found::add);
            }
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
        found.sort(Comparator.comparingInt(JavaRuntime::feature).thenComparing(r -> r.home().toString()));
        return found;
    }

    private static Optional<JavaRuntime> describe(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length()).replace("\"", "").trim();
                    return Optional.of(new JavaRuntime(home, version, feature(version)));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // A release file that cannot be read (or is not text) is not an installation we can describe.
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** {@code 17.0.15} gives 17, {@code 25} gives 25, and the old scheme {@code 1.8.0_402} gives 8; -1 if unreadable. */
    static int feature(String version) {
        String[] parts = version.split("[._+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
