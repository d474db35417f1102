package io.zwire.test;

import io.zwire.WireType;

/**
 * What {@link GarbageAssertions#measure} found for one type over one wire.
 *
 * @param type           the source's class name
 * @param wire           the wire
 * @param documentBytes  the size of one document
 * @param roundTrips     the measured round trips
 * @param allocatedBytes bytes the calling thread allocated during them (exact per-thread counter)
 * @param nanos          wall-clock time they took
 */
public record RoundTripCost(String type, WireType wire, int documentBytes, long roundTrips, long allocatedBytes,
                            long nanos) {
    /** {@return the bytes allocated per round trip} */
    public double bytesPerRoundTrip() {
        return (double) allocatedBytes / roundTrips;
    }

    /** {@return the nanoseconds per round trip} In-process, so a rough figure; use the JMH suite for timings. */
    public double nanosPerRoundTrip() {
        return (double) nanos / roundTrips;
    }
}
