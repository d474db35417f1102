/**
 * zwire's session protocol in a Netty pipeline ({@code io.zwire.netty}): {@link io.zwire.netty.ZwireCodec}
 * does the hello, negotiates the wire per connection and frames documents straight into and out of
 * pooled {@code ByteBuf}s; {@link io.zwire.netty.AddressConnectionLimit} bounds the connections one
 * address holds. Needs zwire's session module and Netty only.
 */
module io.zwire.netty {
    requires transitive io.zwire.session;
    requires transitive io.netty.transport;
    requires transitive io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.common;

    exports io.zwire.netty;
}
