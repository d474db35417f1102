package io.zwire.session;

/**
 * Why a peer ended a session, as a {@link CloseRecord} carries it: a server that refuses or sheds
 * a client says why before it closes, and the client's {@link WireSession} throws a
 * {@link SessionClosedException} with the reason instead of a bare end of stream.
 *
 * <p>Codes are part of the protocol and never reused; a code this side does not know reads as
 * {@link #OTHER}, so a newer server can add reasons without breaking older clients.
 */
public enum CloseReason {
    /** A code this side does not know, from a newer peer. */
    OTHER(0, "closed the session"),
    /** Every connection slot of the server is taken and no session could be shed for this one. */
    SERVER_FULL(1, "has no free connection slot"),
    /** The connecting address already holds its share of the server's connections. */
    ADDRESS_CONNECTIONS(2, "holds no more connections from this address"),
    /** The server's memory budget, or this address's share of it, has no room for the session. */
    MEMORY(3, "has no memory left for this session"),
    /** A frame was not finished in time, or arrived slower than the server's minimum rate. */
    SLOW_FRAME(4, "gave up on a frame that arrived too slowly"),
    /** No message completed and no reply taken for the server's idle timeout. */
    IDLE(5, "closed an idle session"),
    /** The handshake did not prove the credential the server expects. */
    AUTHENTICATION_FAILED(6, "refused the credential"),
    /** The credential was good, but the server's access check refused this peer. */
    ACCESS_DENIED(7, "refused access to this peer"),
    /** The server is shutting down. */
    SHUTDOWN(8, "is shutting down"),
    /** The peer broke the protocol (a malformed hello or frame). */
    PROTOCOL_ERROR(9, "found a protocol error"),
    /** Made room for another session: this one held the most unfinished bytes or was idle longest. */
    SHED(10, "shed this session to serve others");

    private static final CloseReason[] BY_CODE = values();

    private final int code;
    private final String words;

    CloseReason(int code, String words) {
        this.code = code;
        this.words = words;
    }

    /** {@return the reason's number in a close record} */
    public int code() {
        return code;
    }

    /** {@return the reason as words that follow "the server", e.g. "has no free connection slot"} */
    public String words() {
        return words;
    }

    /**
     * The reason of a code; {@link #OTHER} for a code this side does not know. Allocates nothing.
     *
     * @param code the number from a close record
     * @return the reason
     */
    public static CloseReason of(int code) {
        for (CloseReason reason : BY_CODE) {
            if (reason.code == code) {
                return reason;
            }
        }
        return OTHER;
    }
}
