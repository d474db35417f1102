package io.zwire.netty;

/**
 * What a {@link ZwireCodec} hands each connection's events to, on the channel's event loop: one
 * instance per connection, or one shared by many if it keeps no per-connection state.
 */
public interface MessageHandler {
    /**
     * An echo: writes each message back and flushes once per socket read. For echo servers,
     * health checks, tests and benchmarks. zwire's code allocates nothing per message; Netty's
     * pooled buffers add under a byte per message (measured in {@code NettyZeroGarbageTest}).
     *
     * @return a handler with no state, sharable by any number of connections
     */
    static MessageHandler echo() {
        return EchoHandler.INSTANCE;
    }

    /**
     * The handshake completed: the wire is chosen and {@code connection} may send. Does nothing by default.
     *
     * @param connection the connection, ready
     * @throws Exception to close the connection (reported to {@link #onError} first)
     */
    default void onReady(ZwireConnection connection) throws Exception {
    }

    /**
     * One message arrived. {@code message} is the instance reused for its type on this
     * connection: valid during this call only, since the next message of the type is read into
     * it; copy what must outlive the call. Calls that return normally allocate nothing per message.
     *
     * @param connection the connection it came on
     * @param message    the reused instance of the message's type
     * @throws Exception to close the connection (reported to {@link #onError} first); the event
     *                   loop and its other connections go on
     */
    void onMessage(ZwireConnection connection, Object message) throws Exception;

    /**
     * The messages of one read from the socket have all been handed to {@link #onMessage}: the
     * place to flush replies queued with {@link ZwireConnection#write}, so a burst of requests
     * leaves as one write to the socket (a {@link io.zwire.session.WireServer} flushes the same
     * way). Does nothing by default; a handler that replies with {@link ZwireConnection#send}
     * flushes every reply instead.
     *
     * @param connection the connection that was read
     * @throws Exception to close the connection (reported to {@link #onError} first)
     */
    default void onReadComplete(ZwireConnection connection) throws Exception {
    }

    /**
     * Something went wrong on the connection: a {@link io.zwire.WireException} for a bad hello,
     * frame or document (naming the wire and the stream offset; a
     * {@link io.zwire.session.SessionClosedException} when the peer said why it closes), or what
     * {@link #onReady}, {@link #onMessage} or {@link #onReadComplete} threw, and any exception other
     * than a {@code WireException} from the message type's own read code (wrapped in Netty's
     * {@code DecoderException}). The codec closes the connection after this call, except after a
     * bad document inside a well-framed frame, where the next frame is read as usual. Does nothing
     * by default.
     *
     * @param connection the connection
     * @param cause      what went wrong
     */
    default void onError(ZwireConnection connection, Throwable cause) {
    }

    /**
     * The connection closed, for whatever reason. Does nothing by default.
     *
     * @param connection the connection, closed
     */
    default void onClose(ZwireConnection connection) {
    }
}
