package io.zwire;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the function objects that capture, for {@link Schema#capturingLambdas()}: a lambda or
 * method reference that captures nothing has a class without instance fields, so the test is
 * the class's fields, read once per function object while a schema is recorded; no JIT, no
 * timing. Each captured value is named by its type: {@code this} when the type is the one whose
 * method passes the function, or a class enclosing it (the lambda's code is written there),
 * otherwise a local (of a lambda) or a field (of an ordinary class).
 */
final class LambdaCaptures {
    private final String method;
    private final List<CapturingLambda> found = new ArrayList<>();

    /** @param method the method the functions are passed in, for the descriptions */
    LambdaCaptures(String method) {
        this.method = method;
    }

    /**
     * Records {@code function} if it captures anything. Allocates.
     *
     * @param field   the field it is passed for (for an element, the sequence's field); may be null
     * @param element true when it is passed for an element of {@code field}
     * @param role    what it is: "setter", "factory", "sequence lambda"
     * @param owner   the type whose method passes it, or null when unknown (then the class the
     *                lambda's code is written in stands for it)
     */
    void inspect(Object function, Field field, boolean element, String role, Class<?> owner) {
        if (function == null) {
            return;
        }
        Class<?> type = function.getClass();
        String host = host(type);
        boolean lambda = type.isSynthetic() || type.isHidden();
        List<String> captured = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                Class<?> value = f.getType();
                String what = owner != null && within(owner.getName(), value) || within(host, value) ? "this"
                        : (lambda ? "a local of type " : "a field of type ") + value.getSimpleName();
                if (!captured.contains(what)) {
                    captured.add(what);
                }
            }
        }
        if (captured.isEmpty()) {
            return;
        }
        String where = owner != null ? owner.getSimpleName() : simpleName(host);
        String description = (element && field != null ? "element of " + field.name() + ": " : "") + role
                + " captures " + String.join(" and ", captured) + " (" + where + "." + method + ")";
        CapturingLambda capturing = new CapturingLambda(field == null ? 0 : field.number(),
                field == null ? "" : field.name(), description, type.getName());
        if (!found.contains(capturing)) {
            found.add(capturing);
        }
    }

    /** What was found, in the order first seen. */
    List<CapturingLambda> found() {
        return found;
    }

    /** The name of the class a function's code is written in: a lambda's host, an inner class's outer class. */
    private static String host(Class<?> type) {
        String name = type.getName();
        int lambda = name.indexOf("$$Lambda");
        if (lambda > 0) {
            return name.substring(0, lambda);
        }
        Class<?> enclosing = type.getEnclosingClass();
        return enclosing != null ? enclosing.getName() : name;
    }

    /** As {@link Class#getSimpleName()}, from a binary name: {@code a.b.Outer$Inner} is {@code Inner}. */
    private static String simpleName(String binaryName) {
        String name = binaryName.substring(binaryName.lastIndexOf('.') + 1);
        String inner = name.substring(name.lastIndexOf('$') + 1).replaceFirst("^[0-9]+", "");
        return inner.isEmpty() ? name : inner;
    }

    /** True when the class named {@code className} is {@code type} or nested in it. */
    private static boolean within(String className, Class<?> type) {
        String name = type.getName();
        return className.equals(name) || className.startsWith(name + "$");
    }
}
