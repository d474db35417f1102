package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A type that catches a {@link WireException} from a nested object in its own readMarshallable
 * and goes on (a tolerant reader: a bad position is no reason to drop the reading). The fields it
 * reads next are the outer object's: each is given its own value, or the document is refused;
 * never the value of another object's field (FieldPath.restore assumes such catches, but the
 * wire's reader and the path stay inside the nested object, so on the numbered wires the outer
 * field 2 reads the nested field 2, and on the named wires it reads as missing).
 */
class CaughtWireExceptionTest {
    static final Field POSITION = Field.of(1, "position");
    static final Field SPEED = Field.of(2, "speed");
    static final Field NOTE = Field.of(3, "note");
    static final Field LAT = Field.of(1, "lat");
    static final Field FIX = Field.of(2, "fix");
    static final long SPEED_SENT = 77;
    static final long FIX_SENT = 999;

    public static final class Position implements Marshallable {
        double lat;
        long fix;

        @Override public void writeMarshallable(WireOut out) {
            out.write(LAT).float64(lat).write(FIX).int64(fix);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(LAT).float64(this, (p, v) -> p.lat = v).read(FIX).int64(this, (p, v) -> p.fix = v);
        }
    }

    /** Keeps reading after a refused position, and records every value handed to its speed's setter. */
    public static final class TolerantReading implements Marshallable {
        final Position position = new Position();
        boolean positionRefused;
        long speed;
        String note;
        final List<Long> speedsGiven = new ArrayList<>();

        @Override public void writeMarshallable(WireOut out) {
            out.write(POSITION).marshallable(position).write(SPEED).int64(speed).write(NOTE).text(note);
        }

        @Override public void readMarshallable(WireIn in) {
            positionRefused = false;
            try {
                in.read(POSITION).marshallable(position);
            } catch (WireException refused) {
                positionRefused = true;
            }
            in.read(SPEED).int64(this, (r, v) -> {
                r.speed = v;
                r.speedsGiven.add(v);
            }).read(NOTE).text(this, (r, v) -> r.note = v);
        }
    }

    /** A sender whose latitude is text, which the reading type refuses as a float64. */
    public static final class TextLatitudeSender implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(POSITION).marshallable(new Marshallable() {
                @Override public void writeMarshallable(WireOut position) {
                    position.write(LAT).text("north").write(FIX).int64(FIX_SENT);
                }

                @Override public void readMarshallable(WireIn in) {
                    throw new UnsupportedOperationException("written only");
                }
            }).write(SPEED).int64(SPEED_SENT).write(NOTE).text("hi");
        }

        @Override public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    @Disabled("open defect (probe s43): after the catch the reader stays in the nested object (fails on YAML, YAML_NUMBERED, JSON)")
    void afterAWireExceptionCaughtInANestedObjectTheOuterFieldsAreGivenTheirOwnValuesOrTheDocumentIsRefused(
            WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new TextLatitudeSender());
        TolerantReading reading = new TolerantReading();
        boolean read;
        try {
            read = wire.readDocument(reading);
        } catch (WireException refused) {
            read = false;
        }
        for (long given : reading.speedsGiven) {
            assertEquals(SPEED_SENT, given, "the speed's setter was given another field's value: " + reading.speedsGiven);
        }
        if (read) {
            assertEquals(SPEED_SENT, reading.speed);
            assertEquals("hi", reading.note);
        }
    }
}
