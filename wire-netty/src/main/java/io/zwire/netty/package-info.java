/**
 * A Netty codec for zwire's session protocol, so a Netty server or client talks to a
 * {@link io.zwire.session.WireServer} or a {@link io.zwire.session.WireSession} and to another
 * Netty peer: the same hello, the same negotiated wire, the same frames.
 */
package io.zwire.netty;
