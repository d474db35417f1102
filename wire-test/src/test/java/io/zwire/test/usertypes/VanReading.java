package io.zwire.test.usertypes;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.time.Instant;

/**
 * A newcomer's telemetry type, as the user of issue 33 wrote it: an {@code Instant} through a
 * marshaller of its own, a position held in a record, and a free-text note longer than the text
 * cache holds. Every round trip allocates, each by design: a new {@code Instant}, a new
 * {@code Position} and a new {@code String} per read.
 */
public final class VanReading implements Marshallable {
    static final Field VAN = Field.of(1, "van"), TIME = Field.of(2, "time"), POSITION = Field.of(3, "position"),
            NOTE = Field.of(4, "note"), SPEED = Field.of(5, "speed");
    static final Field SECONDS = Field.of(1, "seconds"), NANOS = Field.of(2, "nanos");

    /** Where the van was: an immutable record, so reading one builds one. */
    public record Position(double latitude, double longitude) {
    }

    /** An {@code Instant} as two numbers; {@code Instant} is immutable, so reading one builds one. */
    public static final Marshaller<Instant> INSTANT = Marshaller.immutable(Instant.class,
            (t, out) -> out.write(SECONDS).int64(t.getEpochSecond()).write(NANOS).int32(t.getNano()),
            in -> Instant.ofEpochSecond(in.read(SECONDS).int64(), in.read(NANOS).int32()));
    /** The position, field by field from its components. */
    public static final Marshaller<Position> POSITION_MARSHALLER = Marshaller.ofRecord(Position.class);

    long van;
    Instant time;
    Position position;
    String note;
    double speed;

    /** The written instance for the garbage harness. */
    public static VanReading sample() {
        VanReading reading = new VanReading();
        reading.van = 42;
        reading.time = Instant.ofEpochSecond(1_767_225_600L, 123_456_789);
        reading.position = new Position(51.5072, -0.1276);
        reading.note = "delivery round 7: ".repeat(10);
        reading.speed = 48.5;
        return reading;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(VAN).int64(van)
           .write(TIME).object(time, INSTANT)
           .write(POSITION).object(position, POSITION_MARSHALLER)
           .write(NOTE).text(note)
           .write(SPEED).float64(speed);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(VAN).int64(this, (o, v) -> o.van = v)
          .read(TIME).object(this, null, INSTANT, (o, t) -> o.time = t)
          .read(POSITION).object(this, null, POSITION_MARSHALLER, (o, p) -> o.position = p)
          .read(NOTE).text(this, (o, s) -> o.note = s)
          .read(SPEED).float64(this, (o, v) -> o.speed = v);
    }
}
