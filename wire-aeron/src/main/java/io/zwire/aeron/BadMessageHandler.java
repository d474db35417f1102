package io.zwire.aeron;

import io.aeron.logbuffer.Header;
import io.zwire.WireException;

/**
 * Told of each message a {@link WireSubscriber} cannot read, on the polling thread; the
 * subscriber then goes on with the next message.
 */
@FunctionalInterface
public interface BadMessageHandler {
    /**
     * Called once per unreadable message: garbage, truncated, an unknown type or wire, a header
     * whose document length lies, RAW from a sender with another schema, a document the wire
     * refuses, a type's read method (or marshaller) throwing (its exception is the cause), or a
     * buffer a {@code Bytes} cannot reach. An exception thrown here propagates out of the poll.
     *
     * @param problem what was wrong, with the offset in the message
     * @param header  Aeron's header of the message's (last) fragment
     */
    void onBadMessage(WireException problem, Header header);
}
