package io.zwire.example;

/** The side of an {@link Order}. One source file, like {@link Order}'s. */
public enum Side {
    BUY,
    SELL
}
