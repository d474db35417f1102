package io.zwire.internal;

import io.zwire.WireType;
import io.zwire.spi.WireProvider;

import java.security.CodeSource;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The {@link WireProvider}s found for each {@link WireType}, with one rule: a wire claimed by two
 * provider classes has no codec at all. Taking the first one found would let any jar on the class
 * path replace a built-in wire depending on the order of the path, so a trading system could
 * encode with a codec nobody chose; refusing both makes the conflict visible on the first use of
 * that wire, naming both classes and where each was loaded from. The other wires are unaffected.
 */
public final class WireProviders {
    private final Map<WireType, WireProvider> byType;
    private final Map<WireType, String> conflicts;

    private WireProviders(Map<WireType, WireProvider> byType, Map<WireType, String> conflicts) {
        this.byType = byType;
        this.conflicts = conflicts;
    }

    /**
     * The providers {@link ServiceLoader} finds through {@code loader} (and, on the module path,
     * in the modules of its layer). Allocates; called once per class loader.
     *
     * @param loader the class loader to search
     * @return the providers by wire type, with the conflicts recorded
     * @throws java.util.ServiceConfigurationError if a provider listed cannot be loaded or instantiated
     */
    public static WireProviders load(ClassLoader loader) {
        return of(ServiceLoader.load(WireProvider.class, loader));
    }

    /**
     * The providers in {@code providers}; two of distinct classes that claim one wire are a conflict.
     *
     * @param providers the providers found
     * @return the providers by wire type, with the conflicts recorded
     */
    public static WireProviders of(Iterable<WireProvider> providers) {
        Map<WireType, WireProvider> found = new EnumMap<>(WireType.class);
        Map<WireType, String> conflicts = new EnumMap<>(WireType.class);
        for (WireProvider provider : providers) {
            WireType type = provider.type();
            WireProvider first = found.putIfAbsent(type, provider);
            if (first != null && first.getClass() != provider.getClass()) {
                conflicts.merge(type, describe(type, first) + " and " + describe(type, provider),
                        (known, more) -> known + "; also " + describe(type, provider));
            }
        }
        conflicts.keySet().forEach(found::remove);
        return new WireProviders(Collections.unmodifiableMap(found), Collections.unmodifiableMap(conflicts));
    }

    private static String describe(WireType type, WireProvider provider) {
        Class<?> implementation = provider.getClass();
        CodeSource source = implementation.getProtectionDomain().getCodeSource();
        String location = source == null || source.getLocation() == null ? "an unknown location" : source.getLocation().toString();
        Module module = implementation.getModule();
        return implementation.getName() + " (from " + location + (module.isNamed() ? ", module " + module.getName() : "") + ")";
    }

    /**
     * True when exactly one provider class claims {@code type}.
     *
     * @param type the wire
     * @return whether {@link #provider} returns a provider for it
     */
    public boolean isAvailable(WireType type) {
        return byType.containsKey(type);
    }

    /**
     * The one provider of {@code type}, or null when none was found.
     *
     * @param type the wire
     * @return its provider, or null
     * @throws IllegalStateException when two provider classes claim {@code type}: the message names
     *         both classes and where each was loaded from
     */
    public WireProvider provider(WireType type) {
        String conflict = conflicts.get(type);
        if (conflict != null) {
            throw new IllegalStateException("WireType." + type.name() + " is claimed by more than one provider: "
                    + conflict + ". zwire does not pick one: remove all but one from the class or module path");
        }
        return byType.get(type);
    }
}
