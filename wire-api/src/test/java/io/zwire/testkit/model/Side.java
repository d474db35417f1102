package io.zwire.testkit.model;

/** Order side. */
public enum Side {
    BUY,
    SELL
}
