package io.zwire.bench.garbage;

import io.zwire.bench.lambda.LambdaTypes;
import io.zwire.bench.model.MyData;
import io.zwire.testkit.model.Ints14;
import io.zwire.testkit.model.Ints64;
import io.zwire.testkit.model.Order;

import java.util.List;
import java.util.Map;

/** Named sets of types for {@code zwire garbage --suite}. */
public final class GarbageSuites {
    /** The shipped model types, all expected to be garbage-free on every wire. */
    public static final String STANDARD = "standard";
    /** The lambda experiment: non-capturing and capturing setters, 1 to 64 int fields. */
    public static final String LAMBDA = "lambda";

    private static final Map<String, List<String>> SUITES = Map.of(
            STANDARD, List.of(Ints14.class.getName(), Ints64.class.getName(), Order.class.getName(), MyData.class.getName()),
            LAMBDA, LambdaTypes.classNames());

    private GarbageSuites() {
    }

    /** The suite names. */
    public static List<String> names() {
        return List.of(STANDARD, LAMBDA);
    }

    /**
     * The class names of suite {@code name}.
     *
     * @throws IllegalArgumentException for an unknown suite
     */
    public static List<String> types(String name) {
        List<String> types = SUITES.get(name);
        if (types == null) {
            throw new IllegalArgumentException("unknown suite '" + name + "'; suites: " + names());
        }
        return types;
    }
}
