/**
 * Sessions: messages ({@link io.zwire.Marshallable}s, or types registered with a
 * {@link io.zwire.Marshaller}) over a byte channel, framed, on a wire both
 * sides negotiate in a handshake ({@link io.zwire.session.WireSession}), and a server that runs
 * many sessions on one selector thread ({@link io.zwire.session.WireServer}).
 *
 * <p>Across the package: a session is not thread-safe (one thread sends and receives, or one
 * thread each for its writer and reader); after the handshake a message costs no allocation on
 * either side (but the one instance per read of an immutable type, such as a record); on a blocking channel {@code send} and {@code receive} block, on a non-blocking one
 * nothing does. A peer's bad frame or document is a {@link io.zwire.WireException}, and what a
 * peer can make a session buffer is bounded by {@link io.zwire.session.SessionConfig}, never by
 * what a header declares; channel failures are {@link java.io.IOException}s.
 */
package io.zwire.session;
