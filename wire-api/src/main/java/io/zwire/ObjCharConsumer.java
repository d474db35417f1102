package io.zwire;

/**
 * Accepts a target and a {@code char}, so a setter lambda can take its target as an argument
 * instead of capturing it (the JDK has {@code ObjIntConsumer} and friends, but no {@code char} form).
 *
 * @param <T> the target type
 */
@FunctionalInterface
public interface ObjCharConsumer<T> {
    /**
     * Sets {@code value} on {@code target}.
     *
     * @param target the object the value is for
     * @param value  the value
     */
    void accept(T target, char value);
}
