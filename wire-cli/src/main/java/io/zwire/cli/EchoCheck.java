package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;

import java.util.List;

/**
 * Whether an echo carries what was sent: both are encoded on one wire and compared byte for byte,
 * so a user's type needs no {@code equals}. The messages sent are encoded once, up front; each echo
 * is encoded into one reused buffer, which allocates nothing once it has grown to the largest
 * message. Not thread-safe.
 */
final class EchoCheck {
    private final byte[][] expected;
    private final Wire echoes;

    /**
     * Encodes {@code sent} on {@code wire}. Allocates.
     *
     * @throws RuntimeException from a message's write method
     */
    EchoCheck(WireType wire, List<? extends Marshallable> sent) {
        this.echoes = wire.apply(Bytes.elastic(256));
        this.expected = new byte[sent.size()][];
        for (int i = 0; i < expected.length; i++) {
            echoes.bytes().clear();
            echoes.writeDocument(sent.get(i));
            expected[i] = echoes.bytes().toByteArray();
        }
    }

    /**
     * {@return whether {@code echo} encodes to the same bytes as the {@code index}th message sent}
     *
     * @throws RuntimeException from the echo's write method
     */
    boolean matches(int index, Marshallable echo) {
        Bytes bytes = echoes.bytes().clear();
        echoes.writeDocument(echo);
        return bytes.contentEquals(0, bytes.writePosition(), expected[index]);
    }
}
