package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Whether an echo carries what was sent. A type that overrides {@code equals} is compared with it.
 * Any other is encoded on the negotiated wire and compared byte for byte, which allocates nothing
 * once the reused buffer has grown to the largest message; when the bytes differ, both are read
 * back as plain values ({@link Wire#readValue}) and compared, so a map whose entries come back in
 * another order (a {@code HashMap} read into a reused instance) still matches. That slow path
 * allocates; it runs only for echoes whose bytes differ. Not thread-safe.
 */
final class EchoCheck {
    private final List<? extends Marshallable> sent;
    private final boolean byEquals;
    private final byte[][] expected;
    private final Wire echoes;
    private final Wire values;
    private final Object[] expectedValues;

    /**
     * Encodes {@code sent} on {@code wire}. Allocates.
     *
     * @throws RuntimeException from a message's write method
     */
    EchoCheck(WireType wire, List<? extends Marshallable> sent) {
        this.sent = sent;
        this.byEquals = !sent.isEmpty() && overridesEquals(sent.get(0).getClass());
        this.echoes = wire.apply(Bytes.elastic(256));
        this.values = valueWire(wire).apply(Bytes.elastic(256));
        this.expectedValues = new Object[sent.size()];
        this.expected = new byte[sent.size()][];
        for (int i = 0; i < expected.length && !byEquals; i++) {
            echoes.bytes().clear();
            echoes.writeDocument(sent.get(i));
            expected[i] = echoes.bytes().toByteArray();
        }
    }

    /**
     * The wire whose plain values compare two messages. RAW has no keys to read values by, and
     * protobuf lays a map out as repeated entries whose order {@link Wire#readValue} keeps, so
     * both compare on CBOR; every other wire compares on itself, which already carried the message.
     */
    private static WireType valueWire(WireType wire) {
        return wire == WireType.RAW || wire == WireType.NUMBERED ? WireType.BINARY : wire;
    }

    private static boolean overridesEquals(Class<?> type) {
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError("every class has equals(Object)", e);
        }
    }

    /**
     * {@return whether {@code echo} carries what the {@code index}th message sent carried}
     *
     * @throws RuntimeException from the echo's write or equals method
     */
    boolean matches(int index, Marshallable echo) {
        if (byEquals) {
            return sent.get(index).equals(echo);
        }
        Bytes bytes = echoes.bytes().clear();
        echoes.writeDocument(echo);
        if (bytes.contentEquals(0, bytes.writePosition(), expected[index])) {
            return true;
        }
        if (expectedValues[index] == null) {
            expectedValues[index] = valueOf(sent.get(index));
        }
        return equalValues(expectedValues[index], valueOf(echo));
    }

    private Object valueOf(Marshallable message) {
        values.bytes().clear();
        values.writeDocument(message);
        return values.readSingleValue();
    }

    /** Equality of values as {@link Wire#readValue} returns them: maps ignore order, byte arrays compare by content. */
    private static boolean equalValues(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> entry : x.entrySet()) {
                if (!y.containsKey(entry.getKey()) || !equalValues(entry.getValue(), y.get(entry.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<?> other = y.iterator();
            for (Object element : x) {
                if (!equalValues(element, other.next())) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }
}
