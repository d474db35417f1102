package io.zwire.session;

import io.zwire.WireException;

/**
 * A session's input or replies would take it past a memory budget: the server's, its address's
 * share, or the session's own. Its own type so a {@link WireServer} tells the peer
 * {@link CloseReason#MEMORY} rather than close without a word.
 */
final class OverBudgetException extends WireException {
    private static final long serialVersionUID = 1L;

    OverBudgetException(String wire, long offset, String expected) {
        super(wire, offset, expected);
    }
}
