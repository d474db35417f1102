package io.zwire.aeron;

import io.aeron.Publication;

/**
 * What {@link WirePublication#publish(Object)} did: the message went out, or why not. Aeron's
 * negative results become these constants, so a caller branches on a name, and nothing is
 * allocated or thrown for a condition that is part of normal running.
 */
public enum PublishResult {
    /** The message is in the term buffer: subscribers will see it. */
    PUBLISHED,
    /** No subscriber is connected ({@link Publication#NOT_CONNECTED}): nothing was published. */
    NOT_CONNECTED,
    /** The slowest subscriber is a term window behind ({@link Publication#BACK_PRESSURED}): retry later. */
    BACK_PRESSURED,
    /** The log rotated a term while claiming ({@link Publication#ADMIN_ACTION}): retry at once. */
    ADMIN_ACTION,
    /** The publication is closed ({@link Publication#CLOSED}): nothing more will go out on it. */
    CLOSED,
    /** The stream reached its maximum position ({@link Publication#MAX_POSITION_EXCEEDED}): open a new one. */
    MAX_POSITION_EXCEEDED;

    /**
     * The result of one of Aeron's {@code offer} or {@code tryClaim} return values. Allocates nothing.
     *
     * @param position a new stream position (published) or one of {@link Publication}'s negative codes
     * @return the result
     * @throws IllegalArgumentException for a negative value that is none of Aeron's codes
     */
    public static PublishResult of(long position) {
        if (position >= 0) {
            return PUBLISHED;
        }
        if (position == Publication.NOT_CONNECTED) {
            return NOT_CONNECTED;
        }
        if (position == Publication.BACK_PRESSURED) {
            return BACK_PRESSURED;
        }
        if (position == Publication.ADMIN_ACTION) {
            return ADMIN_ACTION;
        }
        if (position == Publication.CLOSED) {
            return CLOSED;
        }
        if (position == Publication.MAX_POSITION_EXCEEDED) {
            return MAX_POSITION_EXCEEDED;
        }
        throw new IllegalArgumentException("not a publication result: " + position);
    }

    /**
     * Whether publishing the same message again may succeed: back pressure and a rotation pass,
     * a missing subscriber may connect; a closed or exhausted publication never recovers.
     *
     * @return true for {@link #BACK_PRESSURED}, {@link #ADMIN_ACTION} and {@link #NOT_CONNECTED}
     */
    public boolean isRetryable() {
        return this == BACK_PRESSURED || this == ADMIN_ACTION || this == NOT_CONNECTED;
    }
}
