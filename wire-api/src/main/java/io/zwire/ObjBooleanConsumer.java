package io.zwire;

/**
 * Accepts a target and a {@code boolean}, so a setter lambda can take its target as an argument
 * instead of capturing it: {@code (o, v) -> o.active = v} is a JVM-wide singleton.
 *
 * @param <T> the target type
 */
@FunctionalInterface
public interface ObjBooleanConsumer<T> {
    /**
     * Sets {@code value} on {@code target}.
     *
     * @param target the object the value is for
     * @param value  the value
     */
    void accept(T target, boolean value);
}
