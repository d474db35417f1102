package io.zwire.yaml;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tests run on the class path; this one resolves the built modules on a module path, so a
 * broken {@code module-info.java} (a missing {@code provides}, an exported package) fails the build.
 */
class YamlModulePathTest {
    private static Path location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static ModuleLayer layer() throws Exception {
        ModuleFinder finder = ModuleFinder.of(location(Bytes.class), location(YamlWireProvider.class));
        Configuration configuration = ModuleLayer.boot().configuration()
                .resolveAndBind(finder, ModuleFinder.of(), Set.of("io.zwire"));
        return ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getPlatformClassLoader());
    }

    @Test
    void theApiFindsBothYamlWiresThroughItsServiceBinding() throws Exception {
        ModuleLayer layer = layer();
        Class<?> wireType = layer.findLoader("io.zwire").loadClass("io.zwire.WireType");
        assertEquals("io.zwire", wireType.getModule().getName(), "loaded as a named module");
        List<?> available = (List<?>) wireType.getMethod("available").invoke(null);
        Set<String> names = available.stream().map(Object::toString).collect(Collectors.toSet());
        assertTrue(names.containsAll(Set.of("YAML", "YAML_NUMBERED")), "available on the module path: " + names);
    }

    /**
     * A user with only some wire modules: here the layer has the API and the text wires, not
     * wire-binary. The binary wires are not available, and asking for one says which module it needs.
     */
    @Test
    void aWireWhoseModuleIsAbsentIsNotAvailableAndNamesTheModuleItNeeds() throws Exception {
        ClassLoader loader = layer().findLoader("io.zwire");
        Class<?> wireType = loader.loadClass("io.zwire.WireType");
        Class<?> bytes = loader.loadClass("io.zwire.Bytes");
        List<?> available = (List<?>) wireType.getMethod("available").invoke(null);
        assertEquals(List.of("YAML", "YAML_NUMBERED", "JSON"), available.stream().map(Object::toString).toList());
        for (String name : List.of("BINARY", "NUMBERED", "RAW")) {
            Object type = wireType.getField(name).get(null);
            assertFalse((Boolean) wireType.getMethod("isAvailable").invoke(type), name);
            Object buffer = bytes.getMethod("elastic", int.class).invoke(null, 64);
            InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                    () -> wireType.getMethod("apply", bytes).invoke(type, buffer));
            IllegalStateException cause = assertInstanceOf(IllegalStateException.class, thrown.getCause());
            assertEquals("WireType." + name + " needs the io.zwire:wire-binary module on the class or module path",
                    cause.getMessage());
        }
    }

    @Test
    void onlyTheJsonSchemaPackageIsExported() throws Exception {
        ModuleDescriptor yaml = layer().findModule("io.zwire.yaml").orElseThrow().getDescriptor();
        assertEquals(Set.of("io.zwire.jsonschema"), yaml.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()), "the codec packages stay internal");
        assertTrue(yaml.provides().stream().anyMatch(p -> p.service().equals("io.zwire.spi.WireProvider")
                && p.providers().containsAll(List.of("io.zwire.yaml.YamlWireProvider", "io.zwire.yaml.NumberedYamlWireProvider"))));
    }
}
