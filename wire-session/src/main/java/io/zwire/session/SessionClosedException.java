package io.zwire.session;

import io.zwire.WireException;

/**
 * The peer ended the session and said why, in a {@link CloseRecord}: thrown by {@link WireSession}
 * where the record stands (in place of the peer's hello, or of a frame), so the session's
 * {@link #offset()} is where it arrived. The session is closed when this is thrown.
 */
public final class SessionClosedException extends WireException {
    private static final long serialVersionUID = 1L;

    /** Why the peer closed. */
    private final CloseReason reason;
    /** The peer's own words, perhaps empty. */
    private final String detail;

    /**
     * An exception for a close record read at {@code offset}.
     *
     * @param wire   the session's wire, or the handshake's name before a wire was chosen
     * @param offset stream offset of the close record
     * @param reason why the peer closed
     * @param detail the peer's words, perhaps empty
     */
    public SessionClosedException(String wire, long offset, CloseReason reason, String detail) {
        super(wire, offset, "more from the peer, but it closed the session: the peer " + reason.words()
                + " (" + reason + (detail.isEmpty() ? "" : ": " + detail) + ")");
        this.reason = reason;
        this.detail = detail;
    }

    /** {@return why the peer closed the session} */
    public CloseReason reason() {
        return reason;
    }

    /** {@return the peer's words about the close, perhaps empty} */
    public String detail() {
        return detail;
    }
}
