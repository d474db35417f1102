package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import io.zwire.example.Order;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Inputs and assertions shared by the wires' bad-input tests. */
public final class BadInput {
    private BadInput() {
    }

    /**
     * @param text the text
     * @return its UTF-8 bytes
     */
    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * @param parts byte arrays
     * @return them one after the other in a new array
     */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /**
     * Puts {@code bad} and then a valid {@link Order} document in one buffer: reading the first
     * must be a {@link WireException} naming the wire, {@code offset} and {@code expected}; the
     * read after it must return the order, so the wire found the next document.
     */
    public static WireException rejectsThenReadsTheNext(WireType type, WireOptions options, byte[] bad,
                                                        Supplier<? extends Marshallable> target, long offset,
                                                        String expected) {
        Wire wire = type.apply(Bytes.elastic(64), options);
        wire.bytes().write(bad);
        wire.writeDocument(Order.sample());
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(target.get()));
        assertEquals(type.name(), e.wire());
        assertTrue(e.getMessage().contains(expected), () -> "'" + expected + "' in: " + e.getMessage());
        assertEquals(offset, e.offset(), e::getMessage);
        Order next = new Order();
        assertTrue(wire.readDocument(next), "the document after the bad one is read");
        assertEquals(Order.sample(), next);
        assertFalse(wire.readDocument(next));
        return e;
    }

    /**
     * As {@link #rejectsThenReadsTheNext}, for input whose framing itself is broken and followed by
     * nothing that looks like a document: the wire's search for the next one reaches the end of
     * the buffer.
     */
    public static WireException rejectsAndSkipsToTheEnd(WireType type, WireOptions options, byte[] bad,
                                                        Supplier<? extends Marshallable> target, long offset,
                                                        String expected) {
        Wire wire = type.apply(Bytes.wrap(bad), options);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(target.get()));
        assertEquals(type.name(), e.wire());
        assertTrue(e.getMessage().contains(expected), () -> "'" + expected + "' in: " + e.getMessage());
        assertEquals(offset, e.offset(), e::getMessage);
        assertEquals(0, wire.bytes().readRemaining(), "the wire skipped to the end");
        assertFalse(wire.readDocument(target.get()));
        return e;
    }

    /** Every proper prefix of {@code document} is a {@link WireException} with an offset inside the prefix. */
    public static void everyPrefixIsRejected(WireType type, WireOptions options, byte[] document,
                                             Supplier<? extends Marshallable> target) {
        for (int length = 1; length < document.length; length++) {
            Wire wire = type.apply(Bytes.wrap(Arrays.copyOf(document, length)), options);
            int cut = length;
            try {
                wire.readDocument(target.get());
                fail("a document cut to " + cut + " of " + document.length + " bytes was accepted");
            } catch (WireException e) {
                assertEquals(type.name(), e.wire());
                assertTrue(e.offset() >= 0 && e.offset() <= cut, () -> "offset " + e.offset() + " within " + cut);
            }
        }
    }

    /**
     * Bytes allocated while reading {@code bad} fails, the second time (the first links the
     * target's lambdas and loads classes): a huge length in the input must cost an exception, not
     * an array of that length.
     */
    public static long bytesAllocatedFailing(WireType type, WireOptions options, byte[] bad,
                                             Supplier<? extends Marshallable> target) {
        Marshallable into = target.get();
        Wire warmUp = type.apply(Bytes.wrap(bad), options);
        assertThrows(WireException.class, () -> warmUp.readDocument(into));
        Wire wire = type.apply(Bytes.wrap(bad), options);
        long before = AllocationMeter.allocatedBytes();
        assertThrows(WireException.class, () -> wire.readDocument(into));
        return AllocationMeter.allocatedBytes() - before;
    }
}
