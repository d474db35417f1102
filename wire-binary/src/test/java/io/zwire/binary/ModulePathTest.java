package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.binary.raw.RawWireProvider;
import org.junit.jupiter.api.Test;

import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tests run on the class path; this one resolves the built modules on a module path, so a
 * broken {@code module-info.java} (a missing {@code provides}, an over-broad export) fails the build.
 */
class ModulePathTest {
    private static Path location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static ModuleLayer layer() throws Exception {
        ModuleFinder finder = ModuleFinder.of(location(Bytes.class), location(RawWireProvider.class));
        Configuration configuration = ModuleLayer.boot().configuration()
                .resolveAndBind(finder, ModuleFinder.of(), Set.of("io.zwire"));
        return ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getPlatformClassLoader());
    }

    @Test
    void theApiFindsTheBinaryWiresThroughItsServiceBinding() throws Exception {
        ModuleLayer layer = layer();
        Class<?> wireType = layer.findLoader("io.zwire").loadClass("io.zwire.WireType");
        assertEquals("io.zwire", wireType.getModule().getName(), "loaded as a named module");
        List<?> available = (List<?>) wireType.getMethod("available").invoke(null);
        Set<String> names = available.stream().map(Object::toString).collect(Collectors.toSet());
        assertTrue(names.containsAll(Set.of("RAW", "BINARY")), "available on the module path: " + names);
    }

    @Test
    void onlyApiPackagesAreExported() throws Exception {
        ModuleLayer layer = layer();
        ModuleDescriptor api = layer.findModule("io.zwire").orElseThrow().getDescriptor();
        Map<String, Set<String>> exports = api.exports().stream()
                .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
        assertEquals(Map.of("io.zwire", Set.of(), "io.zwire.spi", Set.of(),
                "io.zwire.internal", Set.of("io.zwire.yaml", "io.zwire.binary")), exports);

        ModuleDescriptor binary = layer.findModule("io.zwire.binary").orElseThrow().getDescriptor();
        Set<String> exported = binary.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertTrue(binary.packages().stream().filter(p -> p.startsWith("io.zwire.binary.")).noneMatch(exported::contains),
                "codec packages stay internal: exported " + exported);
        assertTrue(binary.provides().stream().anyMatch(p -> p.service().equals("io.zwire.spi.WireProvider")
                && p.providers().size() >= 2));
    }
}
