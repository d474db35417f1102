/**
 * zwire's sessions over TCP ({@code io.zwire.session}): the handshake that picks a wire both peers
 * speak and whose schema fingerprints agree, framed messages with checksums, a blocking session,
 * the selector server and the buffer pool. Needs the JDK and {@code io.zwire} only; the wires a
 * session may use are whichever wire modules are present.
 */
module io.zwire.session {
    requires transitive io.zwire;

    exports io.zwire.session;
}
