package io.zwire.cli;

import io.zwire.test.harness.JavaRuntime;
import io.zwire.test.harness.JdkLocator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDKs a command runs on: the current one, each {@code --jdk}, and, unless
 * {@code --no-sibling-jdks}, every other JDK 17+ installed beside the current one; each once.
 */
public final class JdkSelection {
    /** {@code --jdk JAVA_HOME}, repeatable. */
    public static final Option JDK = Option.value("jdk", "JAVA_HOME", "also run on this JDK (repeatable)");
    /** {@code --no-sibling-jdks}. */
    public static final Option NO_SIBLINGS = Option.flag("no-sibling-jdks", "do not look for other JDKs beside the current one");

    private JdkSelection() {
    }

    /**
     * The JDKs, current first. Says on {@code console}'s error stream when no other JDK was found beside it.
     *
     * @param arguments the command's arguments, with {@link #JDK} and {@link #NO_SIBLINGS} among its options
     * @param console   where the note goes
     * @param command   the command's name, for the note
     * @return the JDKs to run on, the current one first
     * @throws UsageException if a {@code --jdk} path is not a Java installation
     */
    public static List<JavaRuntime> select(Arguments arguments, Console console, String command) throws UsageException {
        List<JavaRuntime> jdks = new ArrayList<>();
        JavaRuntime current = JdkLocator.current();
        jdks.add(current);
        for (String path : arguments.values(JDK.name())) {
            try {
                addOnce(jdks, JdkLocator.at(Path.of(path)));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (!arguments.flag(NO_SIBLINGS.name())) {
            List<JavaRuntime> siblings = JdkLocator.siblingsOf(current);
            if (siblings.isEmpty()) {
                console.err().println("zwire " + command + ": no other JDK " + JdkLocator.MINIMUM_FEATURE + "+ found beside "
                        + current.home() + "; add others with --jdk");
            }
            for (JavaRuntime sibling : siblings) {
                addOnce(jdks, sibling);
            }
        }
        console.err().println("zwire " + command + ": JDKs " + jdks.stream().map(j -> j.version() + " (" + j.home() + ")").toList());
        return jdks;
    }

    private static void addOnce(List<JavaRuntime> jdks, JavaRuntime jdk) {
        for (JavaRuntime known : jdks) {
            if (sameDirectory(known.home(), jdk.home())) {
                return;
            }
        }
        jdks.add(jdk);
    }

    private static boolean sameDirectory(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
