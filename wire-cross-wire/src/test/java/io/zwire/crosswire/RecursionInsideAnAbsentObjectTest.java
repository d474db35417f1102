package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A type that reads its child into an instance it makes whenever it has none, with
 * {@code marshallable(into)}, which reads a null or missing object as an object of defaults: at
 * the end of any chain the input holds, it reads a missing child, which reads a missing child,
 * without end. Found as a StackOverflowError on every wire; the objects read inside a null or
 * missing one are bounded (LevelStack.MAX_INSIDE_ABSENT, 256: far deeper than ReadLimits.maxDepth,
 * since a finite graph of classes deeper than the input's limit still reads a flat document), and
 * the next document reads.
 */
class RecursionInsideAnAbsentObjectTest {
    static final Field VALUE = Field.of(1, "value");
    static final Field NEXT = Field.of(2, "next");

    public static final class Chain implements Marshallable {
        long value;
        Chain next;

        @Override public void writeMarshallable(WireOut out) {
            out.write(VALUE).int64(value).write(NEXT).marshallable(next);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(VALUE).int64(this, (c, v) -> c.value = v);
            if (next == null) {
                next = new Chain();
            }
            in.read(NEXT).marshallable(next);
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aTypeThatAlwaysReadsAChildIntoANewInstanceIsAWireExceptionAtTheLimitOfObjectsInsideAMissingOne(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        Chain written = new Chain();
        written.value = 1;
        written.next = new Chain();
        written.next.value = 2;
        wire.writeDocument(written);
        int end = wire.bytes().writePosition();
        Chain second = new Chain();
        second.value = 3;
        wire.writeDocument(second);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Chain()));
        assertTrue(e.getMessage().contains("objects read inside a null or missing one nested at most 256 deep"),
                e.getMessage());
        assertTrue(e.offset() > 0 && e.offset() <= end, e.getMessage());

        BoundedChain next = new BoundedChain(250);
        wire.readDocument(next);
        assertEquals(3, next.value, "the next document");
        assertEquals(0, next.reached, "250 objects read inside its missing child: the count started again at 0");
    }

    /** The same fields, with a child read into a new instance only {@code below} deep. */
    public static final class BoundedChain implements Marshallable {
        private final int below;
        long value;
        int reached;

        BoundedChain(int below) {
            this.below = below;
        }

        @Override public void writeMarshallable(WireOut out) {
            out.write(VALUE).int64(value).write(NEXT).marshallable(null);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(VALUE).int64(this, (c, v) -> c.value = v);
            reached = below;
            if (below > 0) {
                BoundedChain child = new BoundedChain(below - 1);
                in.read(NEXT).marshallable(child);
                reached = child.reached;
            }
        }
    }
}
