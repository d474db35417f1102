package io.zwire.json;

import io.zwire.WireType;
import io.zwire.internal.WireProviders;
import io.zwire.testkit.ClaimingWireProvider;
import io.zwire.testkit.ProviderClassLoaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A jar that brings its own JSON provider beside wire-yaml's does not replace the built-in one
 * silently, whichever the class path lists first: JSON is refused, naming both.
 */
class DuplicateWireProviderTest {
    @TempDir
    Path services;

    @Test
    void aSecondJsonProviderBesideTheBuiltInOneIsRefusedNamingBoth() throws IOException {
        try (URLClassLoader loader = ProviderClassLoaders.listing(services, SecondJsonProvider.class)) {
            WireProviders found = WireProviders.load(loader);
            String message = assertThrows(IllegalStateException.class, () -> found.provider(WireType.JSON)).getMessage();
            assertTrue(message.contains(JsonWireProvider.class.getName() + " (from "
                    + JsonWireProvider.class.getProtectionDomain().getCodeSource().getLocation()), message);
            assertTrue(message.contains(SecondJsonProvider.class.getName() + " (from "
                    + SecondJsonProvider.class.getProtectionDomain().getCodeSource().getLocation()), message);
            assertFalse(found.isAvailable(WireType.JSON));
            assertTrue(found.isAvailable(WireType.YAML), "the other built-in wires are unaffected");
        }
    }

    @Test
    void theBuiltInProviderIsTheOneUsedWhenAloneOnThePath() {
        assertSame(JsonWireProvider.class, WireProviders.load(getClass().getClassLoader()).provider(WireType.JSON).getClass());
        assertTrue(WireType.JSON.isAvailable());
    }

    /** What a third-party jar listing its own JSON codec would bring. */
    public static final class SecondJsonProvider extends ClaimingWireProvider {
        @Override
        public WireType type() {
            return WireType.JSON;
        }
    }
}
