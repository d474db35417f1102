package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.binary.BinaryDump;
import io.zwire.session.WireSession;
import io.zwire.test.GarbageAssertions;
import io.zwire.yaml.YamlWireProvider;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.JUnitException;
import org.opentest4j.AssertionFailedError;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dependency rules of the modules, checked where a user meets them: the built modules resolved
 * on a real module path (their {@code requires}, and everything {@code io.zwire.test} reads), and
 * the dependencies each module's POM publishes. Runtime modules need the JDK alone; wire-test the
 * JDK, wire-api and JUnit Jupiter's API; the command line zwire modules alone, with no test models,
 * benchmark or experiment classes of its own (the example models the demo shows are its own).
 */
class ModuleRulesTest {
    private static final Set<String> RUNTIME = Set.of("io.zwire", "io.zwire.yaml", "io.zwire.binary", "io.zwire.session");
    /** junit-jupiter-api and what its own descriptor requires. */
    private static final Set<String> JUNIT_API = Set.of("org.junit.jupiter.api", "org.opentest4j",
            "org.junit.platform.commons", "org.apiguardian.api");
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    private static Path location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Configuration resolve() throws Exception {
        ModuleFinder finder = ModuleFinder.of(location(Bytes.class), location(YamlWireProvider.class),
                location(BinaryDump.class), location(WireSession.class), location(GarbageAssertions.class),
                location(Test.class), location(AssertionFailedError.class), location(JUnitException.class),
                location(API.class));
        Set<String> roots = new TreeSet<>(RUNTIME);
        roots.add("io.zwire.test");
        return ModuleLayer.boot().configuration().resolve(finder, ModuleFinder.of(), roots);
    }

    private static boolean jdk(String module) {
        return module.startsWith("java.") || module.startsWith("jdk.");
    }

    @Test
    void runtimeModulesRequireTheJdkAndEachOtherAlone() throws Exception {
        Configuration configuration = resolve();
        for (String name : RUNTIME) {
            ModuleDescriptor descriptor = configuration.findModule(name).orElseThrow().reference().descriptor();
            Set<String> others = requires(descriptor, m -> !m.startsWith("java.") && !RUNTIME.contains(m));
            assertEquals(Set.of(), others, name + " requires more than java.* and zwire's runtime modules");
        }
    }

    @Test
    void wireTestReadsTheJdkWireApiAndJUnitJupiterApiAlone() throws Exception {
        Configuration configuration = resolve();
        ModuleDescriptor descriptor = configuration.findModule("io.zwire.test").orElseThrow().reference().descriptor();
        assertEquals(Set.of(), requires(descriptor, m -> !jdk(m) && !m.equals("io.zwire") && !m.equals("org.junit.jupiter.api")),
                "io.zwire.test requires more than the JDK, io.zwire and org.junit.jupiter.api");
        Set<String> reachable = new TreeSet<>();
        Deque<ResolvedModule> todo = new ArrayDeque<>(List.of(configuration.findModule("io.zwire.test").orElseThrow()));
        while (!todo.isEmpty()) {
            for (ResolvedModule read : todo.pop().reads()) {
                if (read.configuration() == configuration && reachable.add(read.name())) {
                    todo.push(read);
                }
            }
        }
        Set<String> allowed = new TreeSet<>(JUNIT_API);
        allowed.add("io.zwire");
        assertTrue(allowed.containsAll(reachable), "io.zwire.test reaches " + reachable + ", allowed " + allowed);
        assertEquals(Set.of("io.zwire.test"), descriptor.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()), "only the API package is exported");
    }

    @Test
    void publishedDependenciesFollowTheRules() throws Exception {
        assertEquals(List.of(), dependencies(ROOT), "the parent gives every module test dependencies only");
        for (String module : List.of("wire-api", "wire-yaml", "wire-binary", "wire-session", "wire-journal")) {
            assertEquals(List.of(), dependencies(ROOT.resolve(module)).stream().filter(d -> !d.startsWith("io.zwire:"))
                    .collect(Collectors.toList()), module + " depends on the JDK and zwire's modules alone");
        }
        assertEquals(List.of("io.zwire:wire-api", "org.junit.jupiter:junit-jupiter-api"), dependencies(ROOT.resolve("wire-test")),
                "wire-test depends on wire-api and junit-jupiter-api alone");
        assertEquals(List.of("io.zwire:wire-api", "io.aeron:aeron-client"), dependencies(ROOT.resolve("wire-aeron")),
                "wire-aeron depends on wire-api and Aeron's client alone");
        assertEquals(List.of("io.zwire:wire-api", "org.apache.kafka:kafka-clients"), dependencies(ROOT.resolve("wire-kafka")),
                "wire-kafka depends on wire-api and Kafka's clients alone");
        assertEquals(List.of("io.zwire:wire-journal", "io.zwire:wire-kafka", "org.apache.kafka:kafka-clients"),
                dependencies(ROOT.resolve("wire-journal-kafka")),
                "wire-journal-kafka depends on wire-journal, wire-kafka and Kafka's clients alone");
        assertEquals(List.of("io.zwire:wire-session", "io.netty:netty-buffer", "io.netty:netty-transport",
                "io.netty:netty-codec-base"), dependencies(ROOT.resolve("wire-netty")),
                "wire-netty depends on wire-session and Netty's buffer, transport and codec alone");
        assertEquals(List.of(), dependencies(ROOT.resolve("wire-cli")).stream().filter(d -> !d.startsWith("io.zwire:"))
                .collect(Collectors.toList()), "zwire.jar is zwire's modules alone");
    }

    @Test
    void theCommandLineHoldsNoTestModelsBenchmarksOrExperiments() throws Exception {
        Path classes = location(Zwire.class);
        assertTrue(Files.isDirectory(classes.resolve("io/zwire/cli")), "wire-cli's classes at " + classes);
        try (Stream<Path> files = Files.walk(classes)) {
            List<String> foreign = files.map(classes::relativize).map(Path::toString)
                    .filter(p -> p.endsWith(".class") && !p.startsWith("io/zwire/cli/") && !p.startsWith("io/zwire/example/"))
                    .collect(Collectors.toList());
            assertEquals(List.of(), foreign, "wire-cli's own classes are all in io.zwire.cli, or the example models "
                    + "(io.zwire.example, compiled from wire-api/src/example/java)");
        }
        for (ResolvedModule module : resolve().modules()) {
            if (module.name().startsWith("io.zwire")) {
                Set<String> forbidden = module.reference().descriptor().packages().stream()
                        .filter(p -> p.startsWith("io.zwire.testkit") || p.startsWith("io.zwire.bench")
                                || p.startsWith("org.openjdk.jmh"))
                        .collect(Collectors.toSet());
                assertEquals(Set.of(), forbidden, module.name() + " holds test models or benchmarks");
            }
        }
    }

    private static Set<String> requires(ModuleDescriptor descriptor, Predicate<String> forbidden) {
        return descriptor.requires().stream().map(ModuleDescriptor.Requires::name).filter(forbidden)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The groupId:artifactId of each dependency {@code pom.xml} in {@code dir} publishes (scope neither test nor provided). */
    private static List<String> dependencies(Path dir) throws Exception {
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(dir.resolve("pom.xml").toFile()).getDocumentElement();
        List<String> published = new ArrayList<>();
        for (Element dependencies : children(project, "dependencies")) {
            for (Element dependency : children(dependencies, "dependency")) {
                Map<String, String> fields = Stream.of("groupId", "artifactId", "scope", "optional")
                        .collect(Collectors.toMap(f -> f, f -> children(dependency, f).stream()
                                .map(Node::getTextContent).findFirst().orElse("")));
                String scope = fields.get("scope");
                if (!scope.equals("test") && !scope.equals("provided") && !fields.get("optional").equals("true")) {
                    published.add(fields.get("groupId") + ":" + fields.get("artifactId"));
                }
            }
        }
        return published;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }
}
