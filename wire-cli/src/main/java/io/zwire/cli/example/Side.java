package io.zwire.cli.example;

/** Order side. */
public enum Side {
    BUY,
    SELL
}
