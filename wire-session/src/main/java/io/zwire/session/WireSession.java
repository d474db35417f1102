package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.ByteChannel;
import java.nio.channels.Channel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.List;

/**
 * A connection, a file or any byte channel carrying messages on one wire (each an instance of a
 * {@link Marshallable} type, or of a type registered with a {@link io.zwire.Marshaller}),
 * chosen per session by a handshake ({@link Hello}: each side names the wires it speaks and the
 * schema fingerprint of each message type; RAW when the schemas match, else the best
 * self-describing wire both speak). Where either side's configuration asks for it, the handshake
 * ends with an authentication step ({@link SessionConfig.Builder#authenticate} on the server's side,
 * {@link SessionConfig.Builder#credential} on the client's; layout in {@link AuthRecord}), and no
 * frame is read before it completes.
 *
 * <p>Each message travels in a frame whose layout {@link FrameCodec} draws; the handshake and its
 * settlement are {@link SessionProtocol}'s and {@link Negotiation}'s, which other transports share.
 *
 * <p>Checksums are negotiated: a two-way session checks frames when both hellos offer them
 * ({@link SessionConfig#checksumFrames()}, on by default; a peer that does not know the flag never
 * offers it, and the session runs without), and a one-way session follows its writer. With them, a
 * flipped or truncated frame is a {@link WireException} that ends the session, never a value.
 *
 * <p>After the handshake a message costs no allocation on either side: frames are written into
 * and read from pooled buffers, and each message type is read into one reused instance (made the
 * first time the type arrives). Blocking channels block in {@link #send} and {@link #receive};
 * on a non-blocking channel {@link #send} buffers what the channel does not take ({@link #flush}
 * writes it later) and {@link #poll} returns null until a whole message has arrived.
 *
 * <p>The receive buffer grows by doubling as bytes arrive, never to the size a header declares,
 * and never past {@link SessionConfig#maxSessionBytes()}: a frame or hello that would need more
 * is refused as soon as its header arrives. Once a large frame is read, a buffer grown past what the
 * pool keeps ({@link BytesPool#maxPooledCapacity()}) is swapped for a pooled one, so a peer that
 * sent one large frame does not keep its memory.
 *
 * <p>A frame whose header is wrong (a length beyond the limit, an unknown message type, a frame
 * beyond the memory budget) or a peer that closes inside a frame ends the session with a
 * {@link WireException}; the session closes itself and returns its buffers. A bad document inside
 * a well-framed frame throws a {@link WireException} but leaves the session usable for the next
 * frame ({@link #isOpen()} stays true). Not thread-safe: one thread sends and receives (or one
 * thread each, for {@link #writer} and {@link #reader}).
 */
public final class WireSession implements Closeable {
    private static final int READ_CHUNK = 4096;

    private final ReadableByteChannel input;
    private final WritableByteChannel output;
    private final SessionConfig config;
    private final Hello mine;
    private final boolean oneWay;
    /** The receive buffer: a server replaces it by a pooled one after a large frame ({@link #shrinkReceiveBuffer}). */
    private Bytes in;
    private final Bytes out;
    private final MessageSlots slots;
    /** Stream offset of {@code in}'s offset 0, so errors name the offset in the whole stream. */
    private long inBase;
    private WireType wire;
    private String wireReason;
    private Wire inWire;
    private Wire outWire;
    /** What the handshake settled (type mapping, checksums); null before it. */
    private Negotiation settled;
    /** Frames in both directions, made once the handshake settled checksums. */
    private FrameCodec frames;
    private boolean endOfStream;
    private boolean closed;
    /** The server's budget this session's buffers count against, or null outside a server. */
    private MemoryBudget shared;
    /** Bytes of this session's buffers counted in {@link #shared}. */
    private long reserved;
    /** The authentication step until it completes, then null; always null on a one-way session. */
    private Authenticator authenticator;
    private String peerIdentity;

    private WireSession(ReadableByteChannel input, WritableByteChannel output, SessionConfig config, boolean oneWay) {
        this.input = input;
        this.output = output;
        this.config = config;
        this.mine = Hello.of(config);
        this.oneWay = oneWay;
        this.in = config.pool().acquire();
        this.out = config.pool().acquire();
        this.slots = new MessageSlots(config);
        this.authenticator = oneWay ? null : new Authenticator(config, input);
    }

    /**
     * A two-way session over a channel in blocking mode: sends this side's hello, waits for the
     * peer's and picks the wire, then authenticates where either side's configuration says so
     * (see {@link SessionConfig.Builder#credential} and {@link SessionConfig.Builder#authenticate};
     * a side that demands authentication and refuses the peer tells it why and closes at once).
     * Allocates the session, once. Blocks until the handshake completes.
     *
     * @param channel a connected channel in blocking mode; the session owns it and closes it
     * @param config the wires, message types and limits of this side
     * @return the session, ready ({@link #isReady()})
     * @throws WireException if the peer's hello is malformed, or the two sides share no usable wire
     *                       or no message type (the message names each side's types), or the
     *                       authentication fails: a {@link SessionClosedException} naming
     *                       {@link CloseReason#AUTHENTICATION_FAILED} or {@link CloseReason#ACCESS_DENIED}
     *                       when the server refused this side, a plain one when the server did not
     *                       prove this side's key
     * @throws IOException   from the channel, or if the peer closes before its hello is complete
     */
    public static WireSession open(ByteChannel channel, SessionConfig config) throws IOException {
        WireSession session = new WireSession(channel, channel, config, false);
        try {
            session.sendHello(config.wires());
            while (!session.handshake()) {
                session.refuseNow();
                session.writeOut();
                if (session.fill() < 0) {
                    throw session.closedInHandshake();
                }
            }
            // the handshake's last step (a server's proof of the key) may still be queued
            session.writeOut();
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /**
     * A two-way session over a non-blocking channel (one a server's selector loop drives): the
     * hello is only queued, and goes out with the first {@link #flush}, so a peer that is already
     * gone shows as an error of that flush; {@link #poll} completes the handshake once the peer's
     * hello has arrived ({@link #isReady}), and its authentication step, whose answer or proof is
     * queued the same way ({@link #hasPendingOutput()}). A peer that this side's authentication
     * refuses is not closed here: {@link #poll} returns null for it from then on, and its owner (a
     * {@link WireServer}, after {@link SessionConfig#failedAuthenticationDelay()}) closes it with
     * the reason. Allocates the session, once. Does not block.
     *
     * @param channel a connected channel in non-blocking mode; the session owns it and closes it
     * @param config the wires, message types and limits of this side
     * @return the session, not ready until {@link #poll} completes the handshake
     * @throws IOException if the hello does not fit the pool's buffers and closing the channel then fails
     */
    public static WireSession openNonBlocking(ByteChannel channel, SessionConfig config) throws IOException {
        WireSession session = new WireSession(channel, channel, config, false);
        try {
            session.queueHello(config.wires());
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /**
     * A one-way session that writes (a file, a log, a queue): the hello names the writer's first
     * preferred wire, and every message is written on it. Writes the hello before returning.
     *
     * @param channel where the frames go; the session owns it and closes it
     * @param config the wires, message types and limits of this side
     * @return the session, ready
     * @throws IOException from the channel, writing the hello
     */
    public static WireSession writer(WritableByteChannel channel, SessionConfig config) throws IOException {
        WireSession session = new WireSession(null, channel, config, true);
        try {
            session.choose(config.wires().get(0), null, config.wires().get(0) + ": this writer's first preference");
            session.sendHello(List.of(config.wires().get(0)));
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /**
     * A one-way session that reads what a {@link #writer} wrote: reads the writer's hello and
     * checks this side can read its wire (RAW only with equal schemas). Blocks until the hello is read.
     *
     * @param channel where the frames come from; the session owns it and closes it
     * @param config the wires, message types and limits of this side
     * @return the session, ready
     * @throws WireException if the hello is malformed, cut off, names a wire this side cannot read, or
     *                       shares no message type with this side
     * @throws IOException from the channel
     */
    public static WireSession reader(ReadableByteChannel channel, SessionConfig config) throws IOException {
        WireSession session = new WireSession(channel, null, config, true);
        try {
            while (!session.handshake()) {
                if (session.fill() < 0) {
                    throw new WireException(Hello.WIRE, session.offset(), "the writer's hello, but the stream ends");
                }
            }
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    // ------------------------------------------------------------------ handshake

    private void sendHello(List<WireType> wires) throws IOException {
        queueHello(wires);
        writeOut();
    }

    /**
     * Counts this session's buffers against a server's budget (or an address's share of it) from
     * now on, unless it has no room for them. Allocates nothing.
     *
     * @return null once counted; else the budget without room, and nothing counted
     */
    MemoryBudget share(MemoryBudget budget) {
        long bytes = bufferBytes();
        MemoryBudget full = budget.tryReserve(bytes, this);
        if (full == null) {
            shared = budget;
            reserved = bytes;
        }
        return full;
    }

    /** Bytes this session's buffers hold (their capacities). */
    long bufferBytes() {
        return (long) in.capacity() + out.capacity();
    }

    /** Bytes received and not yet taken as a whole message or hello: an unfinished frame's. */
    int unfinishedBytes() {
        return closed ? 0 : in.readRemaining();
    }

    /**
     * Bytes this session holds for its peer that a server may shed it for: its unfinished frame
     * and the replies the peer has not taken.
     */
    long heldBytes() {
        return closed ? 0 : (long) in.readRemaining() + out.readRemaining();
    }

    /** Framed bytes not yet written to the channel. */
    int pendingOutputBytes() {
        return out.readRemaining();
    }

    /**
     * Counts growth of the buffers since the last count (the send buffer grows as the handler
     * writes) against this session's and the server's budgets. Allocates nothing unless a budget
     * is passed.
     *
     * @throws OverBudgetException naming the budget, if one is passed
     */
    void settleMemory() {
        long bytes = bufferBytes();
        if (closed || bytes == reserved || shared == null) {
            return;
        }
        MemoryBudget over = shared.add(bytes - reserved);
        reserved = bytes;
        String wireName = wire == null ? Hello.WIRE : wire.name();
        if (bytes > config.maxSessionBytes()) {
            throw new OverBudgetException(wireName, offset(), "the session's buffers within its budget of "
                    + config.maxSessionBytes() + " bytes (SessionConfig.maxSessionBytes), found " + bytes + " bytes");
        }
        if (over != null) {
            throw new OverBudgetException(wireName, offset(), "replies within " + over.describe());
        }
    }

    private void queueHello(List<WireType> wires) {
        int start = out.writePosition();
        if (authenticator == null) {
            mine.sent(wires, null, false).write(out);
        } else {
            mine.sent(wires, authenticator.nonce(), authenticator.challenges()).write(out);
            authenticator.sent(out, start, out.writePosition());
        }
    }

    /**
     * Completes the handshake as far as the buffered bytes allow: the peer's hello, then the
     * authentication step; true once both are done.
     */
    private boolean handshake() {
        if (wire != null && authenticator == null) {
            return true;
        }
        if (CloseRecord.startsAt(in)) {
            CloseRecord.throwIfArrived(in, Hello.WIRE, offset());
            return false;
        }
        if (wire != null) {
            return authenticated();
        }
        int size = Hello.size(in, offset());
        if (size < 0 || in.readRemaining() < size) {
            if (size > 0) {
                makeRoom(size, Hello.WIRE);
            }
            return false;
        }
        long helloOffset = offset();
        int helloAt = in.readPosition();
        Hello theirs = Hello.read(in, size, helloOffset);
        if (oneWay) {
            Hello.requireSharedMessageType(mine, theirs, helloOffset);
            WireType adopted = Hello.adopt(mine, theirs, config.rawProblem());
            choose(adopted, theirs, adopted + ": the writer's wire");
        } else {
            WireType chosen = Hello.agree(mine, theirs, helloOffset);
            choose(chosen, theirs, Hello.reason(mine, theirs, chosen, config.rawProblem()));
            authenticator.hellos(theirs, in, helloAt, size, out, helloOffset);
        }
        return authenticator == null || authenticated();
    }

    /** Runs the authentication step on the buffered bytes; true once it is complete. */
    private boolean authenticated() {
        int needed = authenticator.advance(in, out, offset());
        if (needed != Authenticator.DONE) {
            if (needed > 0) {
                makeRoom(needed, Hello.WIRE);
            }
            return false;
        }
        peerIdentity = authenticator.peerIdentity();
        authenticator = null;
        return true;
    }

    /** The error of a peer that closed its side before the handshake completed. */
    private WireException closedInHandshake() {
        return new WireException(Hello.WIRE, offset(), (wire == null ? "the peer's hello"
                : "the rest of the handshake's authentication step") + ", but the peer closed the connection");
    }

    /** Why the authentication step refused the peer, or null: a {@link WireServer} closes it after its delay. */
    Authenticator.Refusal refusal() {
        return authenticator == null ? null : authenticator.refusal();
    }

    /**
     * On a blocking session, which has no one to hold a refused peer for a delay: tells the peer
     * why and closes, throwing the refusal to the caller of {@link #open}.
     */
    private void refuseNow() throws IOException {
        Authenticator.Refusal refusal = refusal();
        if (refusal != null) {
            WireException refused = new WireException(Hello.WIRE, offset(), "a peer that authenticates, but " + refusal.words());
            closeWith(refusal.reason(), refusal.words());
            throw refused;
        }
    }

    /**
     * {@return the identity the peer proved in the handshake, or null} Null when this side does
     * not demand authentication ({@link SessionConfig.Builder#authenticate}), and until the
     * handshake completes.
     */
    public String peerIdentity() {
        return peerIdentity;
    }

    private void choose(WireType chosen, Hello theirs, String reason) {
        settled = Negotiation.settle(config, mine, theirs, oneWay, chosen, reason);
        frames = settled.frameCodec();
        wire = chosen;
        wireReason = reason;
        inWire = chosen.apply(in, config.options());
        outWire = chosen.apply(out, config.options());
    }

    /**
     * {@return true when every frame carries a CRC32C that is checked on arrival} That is, both
     * sides offered it (for a one-way session, the writer did). False before the handshake completes.
     */
    public boolean checksumsFrames() {
        return frames != null && frames.checksums();
    }

    /** {@return true once the handshake, and its authentication step where there is one, is done} */
    public boolean isReady() {
        return wire != null && authenticator == null;
    }

    /** {@return the wire the handshake chose, or null before it completes} */
    public WireType wireType() {
        return wire;
    }

    /**
     * {@return why the handshake chose {@link #wireType()}, in words, or null before it completes} For
     * RAW, that its conditions hold; otherwise the first condition for RAW that failed, e.g. that
     * this side does not offer RAW because a message type reads its fields in another order than
     * it writes them ({@link SessionConfig#rawProblem()}), or which message type's schema
     * fingerprint differs from the peer's.
     */
    public String wireReason() {
        return wireReason;
    }

    // ------------------------------------------------------------------ sending

    /**
     * Sends one message: {@link #write} then {@link #flush}. On a blocking channel, returns once
     * the whole frame is written; on a non-blocking one, what the channel does not take stays
     * buffered for {@link #flush}. Allocates nothing.
     *
     * @param message an instance of a configured message type the peer accepts
     * @throws IllegalStateException    before the handshake completes, or on a read-only session
     * @throws IllegalArgumentException if the message's type is not configured, the peer does not
     *                                  accept it, or it encodes larger than the frame limit
     * @throws IOException              from the channel
     */
    public void send(Object message) throws IOException {
        write(message);
        writeOut();
    }

    /**
     * Frames one message into the send buffer without writing it to the channel, so a burst of
     * messages leaves in one write: call {@link #flush()} after the burst (a server's selector loop
     * flushes after each batch of reads). Allocates nothing while the buffer has room.
     *
     * @param message an instance of a configured message type the peer accepts
     * @throws IllegalStateException    before the handshake completes, or on a read-only session
     * @throws IllegalArgumentException as {@link #send}
     */
    public void write(Object message) {
        if (!isReady() || output == null) {
            throw new IllegalStateException(output == null ? "a reader session cannot send" : "the handshake is not complete");
        }
        int index = slots.index(message.getClass());
        if (index < 0 || !settled.peerAccepts(index)) {
            throw new IllegalArgumentException(message.getClass().getName()
                    + (index < 0 ? " is not a message type of this session" : " is not accepted by the peer"));
        }
        if (out.readRemaining() == 0) {
            out.clear();
        } else if (out.readPosition() > out.writeRemaining()) {
            // Written bytes before the pending ones outweigh the free room: reuse them rather than
            // grow, so a peer that reads slowly but steadily never makes the buffer grow.
            out.compact();
        }
        int start = frames.begin(out, index);
        try {
            slots.write(outWire, message, index);
        } catch (RuntimeException | Error e) {
            out.writePosition(start);
            throw e;
        }
        frames.end(out, start, message.getClass().getSimpleName());
    }

    /** {@return true when framed messages are waiting to be written ({@link #flush})} */
    public boolean hasPendingOutput() {
        return out.readRemaining() > 0;
    }

    /**
     * Writes buffered bytes. Allocates nothing.
     *
     * @return true when nothing is left to write; false when a non-blocking channel took less
     * @throws IOException from the channel
     */
    public boolean flush() throws IOException {
        return writeOut();
    }

    private boolean writeOut() throws IOException {
        while (out.readRemaining() > 0) {
            if (out.writeTo(output) == 0 && isNonBlocking(output)) {
                return false;
            }
        }
        out.clear();
        return true;
    }

    private static boolean isNonBlocking(Channel channel) {
        return channel instanceof SelectableChannel selectable && !selectable.isBlocking();
    }

    // ------------------------------------------------------------------ receiving

    /**
     * The next message, waiting for it on a blocking channel: the reused instance for its type,
     * valid until the next call. Allocates nothing, except once per message type, and once per
     * message of an immutable type (a record, say) read through its {@link Marshaller}.
     *
     * @return the message, or null when the peer closed the stream between messages
     * @throws WireException on a malformed frame or document, or a peer that closed inside a frame
     * @throws IOException   from the channel
     * @throws IllegalStateException after {@link #close()}
     */
    public Object receive() throws IOException {
        while (true) {
            Object message = poll(false);
            if (message != null || endOfStream) {
                return message;
            }
        }
    }

    /**
     * The next message if a whole one is buffered or arrives with one read of a non-blocking
     * channel, else null (check {@link #isEndOfStream()}). Also completes a pending handshake.
     * Does not block on a non-blocking channel. Allocates as {@link #receive()} does.
     *
     * @return the reused instance for the message's type, valid until the next call, or null
     * @throws WireException on a malformed hello, frame or document, or a peer that closed inside a frame
     * @throws IOException from the channel
     * @throws IllegalStateException after {@link #close()}
     */
    public Object poll() throws IOException {
        return poll(true);
    }

    private Object poll(boolean once) throws IOException {
        requireOpen();
        if (refusal() != null) {
            return null;
        }
        try {
            Object message = buffered();
            if (message != null || endOfStream) {
                return message;
            }
            int read = fill();
            if (read < 0) {
                endOfStream = true;
                if (!isReady()) {
                    throw closedInHandshake();
                }
                if (in.readRemaining() > 0) {
                    throw new WireException(wire.name(), offset(), "the rest of a frame, but the peer closed the connection after "
                            + in.readRemaining() + " bytes of it");
                }
                return null;
            }
            return once || read > 0 ? buffered() : null;
        } catch (WireException e) {
            if (e instanceof OverBudgetException && shared != null) {
                // a server's session tells its peer which budget ended it
                closeWith(CloseReason.MEMORY, e.getMessage());
            } else if (e.wire().equals(Hello.WIRE) || endOfStream || framingBroken) {
                close();
            }
            throw e;
        }
    }

    /** Set when a frame header is invalid: the stream cannot be resynchronised. */
    private boolean framingBroken;
    /** The largest frame completed since a server last looked ({@link #shrinkUnusedReceiveBuffer}). */
    private int largestFrame;

    private Object buffered() {
        if (!handshake()) {
            return null;
        }
        int total;
        try {
            total = frames.frameSize(in, wire.name(), offset());
        } catch (WireException e) {
            framingBroken = true;
            throw e;
        }
        if (total < 0) {
            return null;
        }
        if (total > largestFrame) {
            largestFrame = total;
        }
        if (in.readRemaining() < total) {
            makeRoom(total, wire.name());
            return null;
        }
        int p = in.readPosition();
        int type;
        try {
            type = frames.checkedType(in, total, wire.name(), offset());
        } catch (WireException e) {
            framingBroken = true;
            throw e;
        }
        int local = settled.localType(type);
        if (local < 0) {
            framingBroken = true;
            throw new WireException(wire.name(), offset() + FrameCodec.TYPE_OFFSET, "a message type this side accepts, found index " + type);
        }
        int end = p + total;
        int written = in.writePosition();
        in.readPosition(p + FrameCodec.HEADER_BYTES).writePosition(frames.documentEnd(p, total));
        Object instance;
        try {
            instance = slots.read(inWire, local);
            if (instance == null || in.readRemaining() != 0) {
                throw new WireException(wire.name(), offset(), "exactly one document in the frame of " + total + " bytes");
            }
        } finally {
            in.writePosition(written).readPosition(end);
        }
        return instance;
    }

    /**
     * Checks that a frame (or hello) of {@code bytes} can be received within the budget, and moves
     * unread bytes to the start when it would not fit after them. Grows nothing: {@link #fill}
     * grows the buffer as the bytes arrive.
     */
    private void makeRoom(int bytes, String wireName) {
        if (bytes > in.capacity()) {
            if (!in.isElastic()) {
                framingBroken = true;
                throw new WireException(wireName, offset(), "a frame within the " + in.capacity()
                        + "-byte receive buffer, found " + bytes + " bytes: use a heap BytesPool");
            }
            long capacity = Math.max(16, in.capacity());
            while (capacity < bytes) {
                capacity *= 2;
            }
            if (capacity + out.capacity() > config.maxSessionBytes()) {
                framingBroken = true;
                throw new WireException(wireName, offset(), "a frame within the session's memory budget of "
                        + config.maxSessionBytes() + " bytes (SessionConfig.maxSessionBytes), found one of " + bytes
                        + " bytes, which needs a receive buffer of " + capacity);
            }
        }
        if (in.writeRemaining() < bytes - in.readRemaining()) {
            inBase += in.readPosition();
            in.compact();
        }
    }

    private int fill() throws IOException {
        if (in.readRemaining() == 0) {
            inBase += in.readPosition();
            in.clear();
        } else if (in.writeRemaining() < READ_CHUNK && in.readPosition() > 0) {
            inBase += in.readPosition();
            in.compact();
        }
        if (in.writeRemaining() == 0) {
            if (!in.isElastic()) {
                return 0;
            }
            grow();
        }
        return in.readFrom(input, Math.min(READ_CHUNK, in.writeRemaining()));
    }

    /**
     * For a server's periodic look: gives back a receive buffer grown past what the pool keeps if
     * no frame since the last look needed it ({@link #shrinkReceiveBuffer}), so a peer that sent one
     * large frame does not keep its memory while it sends small ones, and one that keeps sending
     * large frames keeps its buffer and allocates nothing.
     */
    void shrinkUnusedReceiveBuffer() {
        boolean unused = largestFrame <= config.pool().maxPooledCapacity();
        largestFrame = 0;
        if (unused) {
            shrinkReceiveBuffer();
        }
    }

    /**
     * Swaps a receive buffer grown past what the pool keeps, if it holds little, for a pooled one
     * and gives the difference back to the budget. Allocates (a wire over the new buffer, and the
     * buffer if the pool has none free): a server calls it when a buffer went unused for a while
     * ({@link #shrinkUnusedReceiveBuffer}) or when its memory budget is full.
     */
    void shrinkReceiveBuffer() {
        BytesPool pool = config.pool();
        if (closed || in.capacity() <= pool.maxPooledCapacity() || in.readRemaining() > pool.bufferCapacity() / 2) {
            return;
        }
        Bytes small = config.pool().acquire();
        int unread = in.readRemaining();
        small.write(in, in.readPosition(), unread);
        inBase += in.readPosition();
        long freed = (long) in.capacity() - small.capacity();
        config.pool().release(in);
        in = small;
        if (shared != null) {
            shared.add(-freed);
            reserved -= freed;
        }
        if (wire != null) {
            inWire = wire.apply(in, config.options());
        }
    }

    /** Doubles the full receive buffer, within this session's budget and the server's. */
    private void grow() {
        String wireName = wire == null ? Hello.WIRE : wire.name();
        long grown = Math.max(16L, 2L * in.capacity());
        if (grown + out.capacity() > config.maxSessionBytes() || grown > in.maxCapacity()) {
            framingBroken = true;
            throw new WireException(wireName, offset(), "input within the session's memory budget of "
                    + config.maxSessionBytes() + " bytes (SessionConfig.maxSessionBytes), but the receive buffer is full at "
                    + in.capacity() + " bytes");
        }
        if (shared != null) {
            MemoryBudget full = shared.tryReserve(grown - in.capacity(), this);
            if (full != null) {
                framingBroken = true;
                throw new OverBudgetException(wireName, offset(), "input within " + full.describe()
                        + ", but this session's receive buffer is full at " + in.capacity() + " bytes");
            }
            reserved += grown - in.capacity();
        }
        in.ensureWritable(1);
    }

    private long offset() {
        return inBase + in.readPosition();
    }

    /** {@return true once the peer has closed its side and every whole message before that was returned} */
    public boolean isEndOfStream() {
        return endOfStream && in.readRemaining() == 0;
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the session is closed");
        }
    }

    /** {@return true until {@link #close()}, which a protocol error also calls} */
    public boolean isOpen() {
        return !closed;
    }

    /**
     * Tells the peer why, then closes: appends a {@link CloseRecord} after the frames already
     * queued, makes one attempt to write them out (a non-blocking channel takes what it takes; a
     * peer that reads nothing misses the words but is closed all the same) and closes. Allocates
     * the record's text. Idempotent, as {@link #close()}.
     *
     * @throws IOException from closing the channel
     */
    void closeWith(CloseReason reason, String detail) throws IOException {
        if (closed) {
            return;
        }
        if (output != null) {
            try {
                if (wire == null && out.readPosition() == 0) {
                    // our hello never left: the record takes its place, so the peer's open() fails with the reason
                    out.clear();
                }
                CloseRecord.write(out, reason, detail);
                out.writeTo(output);
                if (output instanceof SocketChannel socket) {
                    CloseRecord.endOutput(socket);
                }
            } catch (IOException | RuntimeException unsent) {
                // the peer is gone or its window is shut: closing is all that is left to do
            }
        }
        close();
    }

    /**
     * Returns the buffers to the pool and closes the channel(s). Idempotent.
     *
     * @throws IOException from closing a channel
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (shared != null) {
            shared.add(-reserved);
            reserved = 0;
            shared = null;
        }
        config.pool().release(in);
        config.pool().release(out);
        try {
            if (input != null) {
                input.close();
            }
        } finally {
            if (output != null && output != input) {
                output.close();
            }
        }
    }

    @Override
    public String toString() {
        return "WireSession[" + (wire == null ? "handshaking" : authenticator != null ? "authenticating, " + wire : wire)
                + (closed ? ", closed" : "") + "]";
    }
}
