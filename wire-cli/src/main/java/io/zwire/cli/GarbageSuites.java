package io.zwire.cli;

import io.zwire.example.Order;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Named sets of types for {@code zwire garbage --suite}, the first one the default when no type is
 * given. The command line ships the example type alone; the benchmark suite's own jar adds its
 * model and experiment types. Immutable; allocates only when built.
 */
public final class GarbageSuites {
    private final Map<String, List<String>> suites;

    /**
     * Suites by name, in the order to list them; the first is the default.
     *
     * @param suites class names of {@code Marshallable} types per suite name, not empty
     * @throws IllegalArgumentException if {@code suites} is empty
     */
    public GarbageSuites(Map<String, List<String>> suites) {
        if (suites.isEmpty()) {
            throw new IllegalArgumentException("no suites");
        }
        this.suites = new LinkedHashMap<>(suites);
    }

    /**
     * The command line's own suite: the example {@link Order}.
     *
     * @return a single suite, {@code example}
     */
    public static GarbageSuites example() {
        return new GarbageSuites(Map.of("example", List.of(Order.class.getName())));
    }

    /**
     * The suite names.
     *
     * @return the names, the default first
     */
    public List<String> names() {
        return new ArrayList<>(suites.keySet());
    }

    /**
     * The class names of suite {@code name}, or of the default suite when {@code name} is null.
     *
     * @param name a suite name, or null
     * @return the class names
     * @throws IllegalArgumentException for an unknown suite
     */
    public List<String> types(String name) {
        List<String> types = suites.get(name == null ? names().get(0) : name);
        if (types == null) {
            throw new IllegalArgumentException("unknown suite '" + name + "'; suites: " + names());
        }
        return types;
    }
}
