package io.zwire.test.harness;

import io.zwire.Field;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The bytecode reader ties a call to the {@code Field} constant loaded last before it, across
 * instructions of every length: both switches (padded, variable length), wide locals, long
 * constants. Each case finds the bytecode index of a call the way JFR reports one: from the frame.
 */
class FieldConstantReaderTest {
    static final Field FIRST = Field.of(1, "first"), SECOND = Field.of(2, "second");
    private static final String DESCRIPTOR = "(I)I";

    @Test
    void aCallIsTiedToTheFieldConstantLoadedLastBeforeIt() {
        assertEquals(Optional.of(SECOND), fieldAt("afterSwitches", afterSwitches(3)));
    }

    @Test
    void aCallBeforeAnyFieldConstantIsTiedToNone() {
        assertEquals(Optional.empty(), fieldAt("beforeAnyField", beforeAnyField(3)));
    }

    @Test
    void aMethodThatIsNotThereIsTiedToNone() {
        assertEquals(Optional.empty(), FieldConstantReader.fieldBefore(getClass(), "absent", DESCRIPTOR, 10));
    }

    private Optional<Field> fieldAt(String method, int bytecodeIndex) {
        return FieldConstantReader.fieldBefore(getClass(), method, DESCRIPTOR, bytecodeIndex);
    }

    private static int afterSwitches(int key) {
        int sum = use(FIRST);
        switch (key) {
            case 0, 1, 2, 3, 4 -> sum += key * 3;
            default -> sum -= 1;
        }
        switch (key * 1_000_003) {
            case 7, 1_000_000, 90_000_000 -> sum += 5;
            default -> sum += 2;
        }
        long big = 123_456_789_012L + key;
        sum += (int) big;
        sum += use(SECOND);
        return callerBytecodeIndex() + 0 * sum;
    }

    private static int beforeAnyField(int key) {
        int index = callerBytecodeIndex();
        return index + 0 * use(FIRST) * key;
    }

    private static int use(Field field) {
        return field.number();
    }

    /** The bytecode index of the call to this method in its caller, as a stack frame gives it. */
    private static int callerBytecodeIndex() {
        return StackWalker.getInstance().walk(frames -> frames.skip(1).findFirst().orElseThrow().getByteCodeIndex());
    }
}
