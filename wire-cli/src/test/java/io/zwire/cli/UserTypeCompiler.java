package io.zwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A user's type compiled at test time into a directory of its own: on no class path but the one a command is given. */
final class UserTypeCompiler {
    private UserTypeCompiler() {
    }

    /**
     * Compiles {@code source}, the class {@code className}, against the test's class path into
     * {@code dir/classes}; skips the test on a JRE.
     *
     * @return the directory of the compiled classes
     */
    static Path compile(Path dir, String className, String source) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assumeTrue(javac != null, "needs a JDK, not a JRE");
        Path file = Files.createDirectories(dir.resolve("src")).resolve(className.substring(className.lastIndexOf('.') + 1)
                + ".java");
        Files.writeString(file, source);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int compiled = javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                file.toString());
        assertEquals(0, compiled, className + " compiles");
        return classes;
    }
}
