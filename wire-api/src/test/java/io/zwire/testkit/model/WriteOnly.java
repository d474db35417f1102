package io.zwire.testkit.model;

import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.function.Consumer;

/**
 * A document written by a lambda and never read: for what a write method may do wrong, which a
 * wire refuses before anything could be read.
 */
public final class WriteOnly implements Marshallable {
    private final Consumer<WireOut> write;

    public WriteOnly(Consumer<WireOut> write) {
        this.write = write;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        write.accept(out);
    }

    @Override
    public void readMarshallable(WireIn in) {
    }
}
