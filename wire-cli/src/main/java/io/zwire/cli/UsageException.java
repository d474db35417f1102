package io.zwire.cli;

/**
 * The command line is wrong: an unknown command or option, a missing or malformed value. The
 * message is one line, shown with the usage; the exit status is 2.
 */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    /** With a one-line message saying what is wrong. */
    public UsageException(String message) {
        super(message);
    }
}
