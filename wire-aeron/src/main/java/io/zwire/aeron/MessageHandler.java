package io.zwire.aeron;

import io.aeron.logbuffer.Header;

/**
 * Receives each message a {@link WireSubscriber} reads, on the polling thread.
 */
@FunctionalInterface
public interface MessageHandler {
    /**
     * Called once per message read. {@code message} is the subscriber's one reused instance of its
     * type (or, for a type read through a {@link io.zwire.Marshaller} that makes new objects, what
     * the marshaller returned): it is overwritten by the next message of that type, so copy what
     * must outlive the call. An exception thrown here propagates out of the poll.
     *
     * @param message the message, of a registered type
     * @param header  Aeron's header of the message's (last) fragment: session, stream, position
     */
    void onMessage(Object message, Header header);
}
