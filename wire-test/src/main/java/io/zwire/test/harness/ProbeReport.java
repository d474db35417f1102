package io.zwire.test.harness;

/**
 * What one probe run measured, as {@link GcLogParser} read it from the probe's output.
 *
 * @param javaVersion    the version the probe ran on
 * @param edenBytes      the size of Eden, which one young collection stands for
 * @param documentBytes  the size of one document on the wire
 * @param roundTrips     the measured round trips
 * @param youngGcs       young collections logged between the start and end markers
 * @param fullGcs        full collections logged between the markers (none expected)
 * @param allocatedBytes bytes the measuring thread allocated during the round trips (exact)
 * @param nanos          wall-clock time of the round trips
 */
public record ProbeReport(String javaVersion, long edenBytes, int documentBytes, long roundTrips, int youngGcs,
                          int fullGcs, long allocatedBytes, long nanos) {
    /** Bytes per round trip estimated from the collections: each stands for one Eden's worth. */
    public double gcBytesPerRoundTrip() {
        return (double) (youngGcs + fullGcs) * edenBytes / roundTrips;
    }

    /** Bytes per round trip from the exact per-thread counter. */
    public double exactBytesPerRoundTrip() {
        return (double) allocatedBytes / roundTrips;
    }

    /** Nanoseconds per round trip. */
    public double nanosPerRoundTrip() {
        return (double) nanos / roundTrips;
    }
}
