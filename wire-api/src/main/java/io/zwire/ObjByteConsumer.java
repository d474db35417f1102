package io.zwire;

/**
 * Accepts a target and a {@code byte}, so a setter lambda can take its target as an argument
 * instead of capturing it (the JDK has {@code ObjIntConsumer} and friends, but no {@code byte} form).
 *
 * @param <T> the target type
 */
@FunctionalInterface
public interface ObjByteConsumer<T> {
    /**
     * Sets {@code value} on {@code target}.
     *
     * @param target the object the value is for
     * @param value  the value
     */
    void accept(T target, byte value);
}
