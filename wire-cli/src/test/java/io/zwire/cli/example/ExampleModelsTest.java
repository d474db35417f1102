package io.zwire.cli.example;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Member;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The example models ({@code io.zwire.example}: {@code Order}, {@code Party}, {@code Side}) have one
 * source file each, in {@code wire-api/src/example/java}, which the build compiles twice: into
 * wire-api's tests (the test kit, in its test jar) and into this module's main code (the demo, in
 * zwire.jar). This module's tests and wire-bench have both copies on one class path, where the first
 * found is the one loaded: the copies must be the same models, so that which one wins changes nothing.
 */
class ExampleModelsTest {
    /** Maven runs tests from the module directory. */
    private static final Path ROOT = Path.of("..");
    private static final Path MODELS = ROOT.resolve("wire-api/src/example/java/io/zwire/example");
    private static final String PACKAGE = Order.class.getPackageName();
    private static final String PACKAGE_LINE = "package " + PACKAGE + ";";

    /**
     * Each copy, loaded alone, declares the same members and writes the same sample order on every
     * wire. The class files are compared by what they do, not byte by byte: javac 17 and 25 lay out
     * the same source differently, and CI's second JDK recompiles only what its build finds stale.
     */
    @Test
    void theDemosAndTheTestKitsCopiesOfTheModelsDeclareAndWriteTheSame() throws Exception {
        String resource = PACKAGE.replace('.', '/') + "/Order.class";
        List<URL> copies = Collections.list(ExampleModelsTest.class.getClassLoader().getResources(resource));
        assertEquals(2, copies.size(), "zwire.jar's copy and the test kit's, found " + copies);
        List<List<String>> described = new ArrayList<>();
        for (URL copy : copies) {
            String url = copy.toString();
            try (OneCopyLoader loader = new OneCopyLoader(URI.create(url.substring(0, url.length() - resource.length())).toURL())) {
                described.add(describe(loader));
            }
        }
        assertEquals(described.get(0), described.get(1), "the copies in " + copies);
    }

    /** {@return the models' members and the sample order's document on every wire, as the loader's copy has them} */
    private static List<String> describe(ClassLoader loader) throws ReflectiveOperationException {
        List<String> description = new ArrayList<>();
        for (String model : List.of("Order", "Party", "Side")) {
            Class<?> type = loader.loadClass(PACKAGE + "." + model);
            assertEquals(loader, type.getClassLoader(), model + " from the copy under test");
            List<Member> members = new ArrayList<>(Arrays.asList(type.getDeclaredFields()));
            members.addAll(Arrays.asList(type.getDeclaredMethods()));
            members.addAll(Arrays.asList(type.getDeclaredConstructors()));
            // Synthetic members (lambda bodies, an enum's $VALUES) are javac's choice, not the source's.
            members.stream().filter(member -> !member.isSynthetic()).map(member -> model + ": " + member)
                    .sorted().forEach(description::add);
        }
        Marshallable sample = (Marshallable) loader.loadClass(PACKAGE + ".Order").getMethod("sample").invoke(null);
        for (WireType type : WireType.available()) {
            Wire wire = type.apply(Bytes.elastic(256));
            wire.writeDocument(sample);
            description.add(type + ": " + HexFormat.of().formatHex(wire.bytes().toByteArray()));
        }
        return description;
    }

    @Test
    void onlyTheExampleSourceDirectoryDeclaresTheExamplePackage() throws IOException {
        List<Path> declaring;
        try (Stream<Path> files = Files.walk(ROOT)) {
            declaring = files.filter(file -> file.toString().endsWith(".java") && isSource(file))
                    .filter(ExampleModelsTest::declaresTheExamplePackage)
                    .map(Path::normalize).sorted().collect(Collectors.toList());
        }
        assertEquals(List.of(MODELS.resolve("Order.java").normalize(), MODELS.resolve("Party.java").normalize(),
                MODELS.resolve("Side.java").normalize()), declaring, "one source file per model, all in " + MODELS);
    }

    /** {@return whether FILE is a module's source, not a build's output or git's own} */
    private static boolean isSource(Path file) {
        for (Path part : ROOT.relativize(file)) {
            if (part.toString().equals("target") || part.toString().startsWith(".")) {
                return false;
            }
        }
        return true;
    }

    private static boolean declaresTheExamplePackage(Path file) {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.anyMatch(PACKAGE_LINE::equals);
        } catch (IOException e) {
            throw new UncheckedIOException(file.toString(), e);
        }
    }

    /** Loads the example package from one copy alone, and zwire's API beside it from the test's class path. */
    private static final class OneCopyLoader extends URLClassLoader {
        OneCopyLoader(URL root) {
            super(new URL[] {root}, ExampleModelsTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(PACKAGE + ".")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    loaded = findClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }
}
