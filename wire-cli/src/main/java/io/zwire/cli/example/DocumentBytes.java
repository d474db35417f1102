package io.zwire.cli.example;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.example.Order;

import java.nio.ByteBuffer;

/**
 * A document's bytes and size out of a {@link Bytes}, and back: the example of docs/types.md,
 * run by {@code DocsExamplesTest}.
 */
public final class DocumentBytes {
    private DocumentBytes() {
    }

    /** {@return {@code order} as one BINARY document in a new direct buffer, position 0, limit its size} Allocates. */
    public static ByteBuffer encode(Order order) {
        Wire wire = WireType.BINARY.apply(Bytes.elastic(256));
        Bytes bytes = wire.bytes();
        int start = bytes.writePosition();                     // where the document begins: 0 in a new buffer
        wire.writeDocument(order);
        int length = bytes.writePosition() - start;            // the document's size in bytes
        byte[] copy = new byte[length];
        bytes.copyTo(start, copy, 0, length);                  // this document alone; no position moves
        ByteBuffer buffer = ByteBuffer.allocateDirect(length).put(copy).flip();
        return buffer;
    }

    /** {@return every byte written to {@code wire} and not read yet, as a new array} Moves no position. */
    public static byte[] unread(Wire wire) {
        return wire.bytes().toByteArray();                     // readRemaining() bytes, from readPosition()
    }

    /** {@return the order in {@code buffer}'s position-to-limit range, read in place} Allocates the order. */
    public static Order decode(ByteBuffer buffer) {
        Wire wire = WireType.BINARY.apply(Bytes.wrap(buffer)); // shares the buffer's memory, copies nothing
        Order order = new Order();
        wire.readDocument(order);
        return order;
    }
}
