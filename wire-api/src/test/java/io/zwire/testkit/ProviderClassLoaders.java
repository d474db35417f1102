package io.zwire.testkit;

import io.zwire.spi.WireProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A class loader whose {@code META-INF/services/io.zwire.spi.WireProvider} lists extra provider
 * classes, on top of what the test's own class path lists: what a jar bringing its own provider
 * adds to an application's class path, for {@link java.util.ServiceLoader} to find.
 */
public final class ProviderClassLoaders {
    private ProviderClassLoaders() {
    }

    /**
     * Writes the service file under {@code directory} and returns a loader over it, its parent the
     * loader of this class. Close it when done.
     *
     * @param directory an empty directory (a JUnit temporary directory)
     * @param providers the provider classes to list, public with a public no-argument constructor
     * @return the loader
     */
    public static URLClassLoader listing(Path directory, Class<?>... providers) {
        try {
            Path services = Files.createDirectories(directory.resolve("META-INF/services"));
            Files.writeString(services.resolve(WireProvider.class.getName()),
                    Arrays.stream(providers).map(Class::getName).collect(Collectors.joining("\n", "", "\n")));
            return new URLClassLoader(new URL[] {directory.toUri().toURL()}, ProviderClassLoaders.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
