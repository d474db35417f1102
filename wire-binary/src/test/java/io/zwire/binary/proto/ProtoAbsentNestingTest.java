package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.internal.LevelStack;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Objects and sequences a user's code starts inside a missing message hold nothing to read, so the
 * reader counts them rather than stacking them (NUMBERED ran off its stack of levels with an
 * ArrayIndexOutOfBoundsException), and they are not bounded by {@link ReadLimits#maxDepth}: the
 * user's types, not the input, decide how deep they go, up to {@link LevelStack#MAX_INSIDE_ABSENT}
 * ({@code RecursionInsideAnAbsentObjectTest} passes it on every wire).
 */
class ProtoAbsentNestingTest {
    private static final Field CHILD = Field.of(1, "child");
    private static final Field ITEMS = Field.of(2, "items");

    /** A chain of objects the user's type nests {@code below} deep, each with a sequence. */
    private static final class Chain implements Marshallable {
        private final int below;
        int reached;

        Chain(int below) {
            this.below = below;
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            reached = below;
            if (below > 0) {
                Chain child = new Chain(below - 1);
                in.read(CHILD).marshallable(child);
                in.read(ITEMS).sequence(this, (c, seq) -> {
                    while (seq.hasNextElement()) {
                        seq.int64();
                    }
                });
                reached = child.reached;
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"NUMBERED", "BINARY"})
    void objectsStartedInsideAMissingMessageAreCountedNotStacked(WireType type) {
        Wire writer = type.apply(Bytes.elastic(64));
        writer.writeDocument(new Chain(0));
        writer.writeDocument(new Chain(0));
        Wire reader = type.apply(writer.bytes(), WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(2)));
        Chain deep = new Chain(40);
        assertTrue(reader.readDocument(deep));
        assertEquals(0, deep.reached);
        // The document's missing child is not counted; the objects its reading starts are.
        assertTrue(reader.readDocument(new Chain(LevelStack.MAX_INSIDE_ABSENT + 1)),
                "as deep as objects inside a missing one go, far deeper than maxDepth and the stack of levels");
    }
}
