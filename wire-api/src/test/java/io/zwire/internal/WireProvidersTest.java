package io.zwire.internal;

import io.zwire.WireType;
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

/** One provider per wire: two claiming one wire are refused, loudly, through a real ServiceLoader. */
class WireProvidersTest {
    @TempDir
    Path services;

    @Test
    void twoProvidersOfOneWireAreRefusedNamingBothClassesAndWhereTheyCameFrom() throws IOException {
        try (URLClassLoader loader = ProviderClassLoaders.listing(services, JsonOne.class, JsonTwo.class, Raw.class)) {
            WireProviders found = WireProviders.load(loader);
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> found.provider(WireType.JSON));
            String where = JsonOne.class.getProtectionDomain().getCodeSource().getLocation().toString();
            String message = refused.getMessage();
            assertTrue(message.contains("WireType.JSON"), message);
            assertTrue(message.contains(JsonOne.class.getName() + " (from " + where), message);
            assertTrue(message.contains(JsonTwo.class.getName() + " (from " + where), message);
            assertFalse(found.isAvailable(WireType.JSON));
        }
    }

    @Test
    void aConflictOnOneWireLeavesTheOthersUsable() throws IOException {
        try (URLClassLoader loader = ProviderClassLoaders.listing(services, JsonOne.class, JsonTwo.class, Raw.class)) {
            WireProviders found = WireProviders.load(loader);
            assertTrue(found.isAvailable(WireType.RAW));
            assertTrue(found.provider(WireType.RAW) instanceof Raw);
        }
    }

    @Test
    void aSingleProviderIsUsedAndAWireWithNoneIsAbsent() throws IOException {
        try (URLClassLoader loader = ProviderClassLoaders.listing(services, JsonOne.class)) {
            WireProviders found = WireProviders.load(loader);
            assertSame(JsonOne.class, found.provider(WireType.JSON).getClass());
            assertFalse(found.isAvailable(WireType.YAML));
            assertSame(null, found.provider(WireType.YAML));
        }
    }

    /** Claims JSON. */
    public static final class JsonOne extends ClaimingWireProvider {
        @Override
        public WireType type() {
            return WireType.JSON;
        }
    }

    /** Claims JSON as well. */
    public static final class JsonTwo extends ClaimingWireProvider {
        @Override
        public WireType type() {
            return WireType.JSON;
        }
    }

    /** Claims RAW alone. */
    public static final class Raw extends ClaimingWireProvider {
        @Override
        public WireType type() {
            return WireType.RAW;
        }
    }
}
