package io.zwire.test.harness;

/**
 * The probe's output could not be read as a run: a marker or the forced collection is missing, or
 * a collection is logged in a form the parser does not know. The run then has no result at all;
 * reading such a log as "no collections" would report garbage-free code that was never measured.
 */
public final class GcLogException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** With a message saying what was expected and, where there is one, the offending line. */
    public GcLogException(String message) {
        super(message);
    }
}
