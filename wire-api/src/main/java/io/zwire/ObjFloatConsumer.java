package io.zwire;

/**
 * Accepts a target and a {@code float}, so a setter lambda can take its target as an argument
 * instead of capturing it (the JDK has {@code ObjIntConsumer} and friends, but no {@code float} form).
 *
 * @param <T> the target type
 */
@FunctionalInterface
public interface ObjFloatConsumer<T> {
    /**
     * Sets {@code value} on {@code target}.
     *
     * @param target the object the value is for
     * @param value  the value
     */
    void accept(T target, float value);
}
