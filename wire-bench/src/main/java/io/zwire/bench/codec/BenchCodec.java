package io.zwire.bench.codec;

/**
 * One format's encoder and decoder for one workload, holding its own source values, buffer and
 * reused target, so a benchmark measures exactly one encode or one decode per call.
 *
 * <p>Not thread-safe. Whether a call allocates is the format's business, and what the benchmarks
 * measure; codecs that can fill a reused object do.
 */
public interface BenchCodec {
    /**
     * Encodes the source into the codec's buffer, replacing what it held.
     *
     * @return the encoded size in bytes
     */
    int encode();

    /**
     * Decodes what the last {@link #encode()} produced, into the reused target where the format
     * allows it (a new object otherwise).
     *
     * @return the decoded object, equal to {@link #source()}
     * @throws IllegalStateException if nothing has been encoded
     */
    Object decode();

    /** The values encoded, for checking that a decode reproduces them. */
    Object source();

    /**
     * A copy of what the last {@link #encode()} produced, for tests and dumps. Allocates.
     *
     * @throws IllegalStateException if nothing has been encoded
     */
    byte[] encoded();
}
