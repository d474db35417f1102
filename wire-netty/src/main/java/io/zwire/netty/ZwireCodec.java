package io.zwire.netty;

import io.netty.channel.CombinedChannelDuplexHandler;
import io.zwire.session.SessionProtocol;

/**
 * zwire's session protocol as one handler of a Netty pipeline, on either side of a connection: it
 * sends the hello when the channel becomes active, negotiates the wire with the peer's hello as a
 * {@link io.zwire.session.WireSession} does (RAW when both allow it and every schema fingerprint
 * matches, else the best self-describing wire both speak; CRC32C per frame when both offer it),
 * then frames messages both ways: a Netty peer talks to a {@link io.zwire.session.WireServer}, and
 * a {@code WireSession} client to a Netty server.
 *
 * <pre>{@code
 * SessionProtocol protocol = SessionProtocol.of(config);           // once, shared
 * ch.pipeline().addLast(sslContext.newHandler(ch.alloc()))          // optional: TLS
 *              .addLast(new ZwireCodec(protocol, handler));          // per channel
 * }</pre>
 *
 * <p>Inbound, each frame is read in place from the received {@code ByteBuf} into the one instance
 * reused for its type, and handed to {@link MessageHandler#onMessage}; a frame's length is checked
 * against the limits as soon as its header arrives, before it is buffered. Outbound, a message of a
 * configured type written to the channel, or sent with {@link ZwireConnection#send}, is encoded in
 * place into a pooled buffer. On the event loop, in steady state, zwire's code allocates nothing
 * per message in either direction; Netty's pooled buffers add under a byte per message (measured in
 * {@code NettyZeroGarbageTest}). Add the codec in a {@code ChannelInitializer}, before
 * the channel becomes active: the hello goes out on {@code channelActive}. Not sharable: one per channel.
 */
// The halves are internal: users add the codec as one handler and never name them.
@SuppressWarnings("exports")
public final class ZwireCodec extends CombinedChannelDuplexHandler<FrameDecoder, FrameEncoder> {
    private final ZwireConnection connection;

    /**
     * A codec for one channel. Allocates the connection's state, once.
     *
     * @param protocol this side's protocol ({@link SessionProtocol#of}), shared by every channel
     * @param handler  where this channel's messages and events go
     */
    public ZwireCodec(SessionProtocol protocol, MessageHandler handler) {
        this.connection = new ZwireConnection(protocol);
        init(new FrameDecoder(connection, handler), new FrameEncoder(connection));
    }

    /** {@return this channel's connection: its negotiated wire, and the sending side} */
    public ZwireConnection connection() {
        return connection;
    }
}
