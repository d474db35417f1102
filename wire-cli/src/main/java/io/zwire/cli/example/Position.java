package io.zwire.cli.example;

import io.zwire.Marshaller;

/**
 * A van's position in millionths of a degree: a record, read through {@link #MARSHALLER} into a
 * new instance per read (24 bytes on a 64-bit JVM), so it allocates by design. The
 * {@code assertAllocatesByDesign} example of docs/types.md.
 *
 * @param latitude  millionths of a degree north
 * @param longitude millionths of a degree east
 */
public record Position(int latitude, int longitude) {
    /** Its fields, from the components: {@code latitude} is 1, {@code longitude} 2. */
    public static final Marshaller<Position> MARSHALLER = Marshaller.ofRecord(Position.class);

    /** The position the garbage check writes. */
    public static Position sample() {
        return new Position(51_507_351, -127_758);
    }
}
