package io.zwire.cli;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the commands that load a user's classes ({@code garbage}, {@code schema}, {@code serve},
 * {@code send}) find them: the {@code --type} and {@code --classpath} options, and a class loader
 * over the class path whose errors are usage errors.
 */
final class UserClassPath {
    /** The {@code --classpath} option. */
    static final Option OPTION = Option.value("classpath", "PATH", "where --type classes live, "
            + File.pathSeparator + "-separated");

    private UserClassPath() {
    }

    /** {@return the {@code --type} option of a command that takes several classes, {@code otherwise} by default} */
    static Option types(String otherwise) {
        return Option.value("type", "CLASSES", "fully qualified Marshallable class names (default: " + otherwise + ")");
    }

    /** {@return the {@code --type} option of a command that takes one class, described by {@code what}} */
    static Option type(String what) {
        return Option.value("type", "CLASS", "fully qualified Marshallable class name" + what);
    }

    /**
     * A class loader over {@code classPath} (entries made absolute; a trailing {@code *} is every
     * jar of a directory) whose parent loads zwire. The caller closes it. Allocates.
     *
     * @throws UsageException naming a bad entry or a directory that cannot be listed
     */
    static URLClassLoader loader(String classPath) throws UsageException {
        return new URLClassLoader(urls(absolute(classPath == null ? "" : classPath)), UserClassPath.class.getClassLoader());
    }

    /** {@return the usage error for a class path whose loader failed to read or close} */
    static UsageException unreadable(IOException e) {
        return new UsageException("cannot read the class path: " + e.getMessage());
    }

    /** The class path with every entry absolute, so the probes do not depend on their working directory. */
    static String absolute(String classPath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                boolean wildcard = entry.endsWith("*");
                String base = wildcard ? entry.substring(0, entry.length() - 1) : entry;
                String absolute = Path.of(base.isEmpty() ? "." : base).toAbsolutePath().normalize().toString();
                entries.add(wildcard ? absolute + File.separator + "*" : absolute);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static URL[] urls(String classPath) throws UsageException {
        List<URL> urls = new ArrayList<>();
        try {
            for (String entry : classPath.split(File.pathSeparator)) {
                if (entry.isBlank()) {
                    continue;
                }
                if (entry.endsWith("*")) {
                    // The launcher's wildcard: every jar in the directory.
                    Path dir = Path.of(entry.substring(0, entry.length() - 1));
                    try (var jars = Files.list(dir)) {
                        for (Path jar : (Iterable<Path>) jars.filter(p -> p.toString().endsWith(".jar")).sorted()::iterator) {
                            urls.add(jar.toUri().toURL());
                        }
                    }
                } else {
                    urls.add(Path.of(entry).toUri().toURL());
                }
            }
        } catch (MalformedURLException e) {
            throw new UsageException("bad class path entry: " + e.getMessage());
        } catch (IOException e) {
            throw new UsageException("cannot list a class path directory: " + e.getMessage());
        }
        return urls.toArray(new URL[0]);
    }

}
