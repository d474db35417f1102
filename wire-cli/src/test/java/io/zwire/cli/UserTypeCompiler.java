package io.zwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Users' types compiled at test time into a directory of their own: on no class path but the one a command is given. */
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
        return compile(dir, Map.of(className, source));
    }

    /**
     * Compiles every source, keyed by its fully qualified class name, in one javac run (each run
     * costs about a second) into {@code dir/classes}; skips the test on a JRE.
     *
     * @return the directory of the compiled classes
     */
    static Path compile(Path dir, Map<String, String> sources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assumeTrue(javac != null, "needs a JDK, not a JRE");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-cp",
                System.getProperty("java.class.path")));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = Files.createDirectories(dir.resolve("src").resolve(source.getKey()
                    .substring(0, source.getKey().lastIndexOf('.')).replace('.', '/')))
                    .resolve(source.getKey().substring(source.getKey().lastIndexOf('.') + 1) + ".java");
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        int compiled = javac.run(null, null, null, arguments.toArray(String[]::new));
        assertEquals(0, compiled, sources.keySet() + " compile");
        return classes;
    }
}
