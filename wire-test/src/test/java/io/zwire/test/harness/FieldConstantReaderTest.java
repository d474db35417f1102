package io.zwire.test.harness;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.WireIn;
import io.zwire.WireOut;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The bytecode reader ties a call to the field API to the {@code Field} constant loaded last
 * before it, across instructions of every length: both switches (padded, variable length), wide
 * locals (a method with more than 255 slots of locals), {@code invokedynamic} (a lambda), long
 * constants; a call to anything else (a helper) is tied to none. Each case finds the bytecode
 * index of a call the way JFR reports one: from the frame. The calls to the field API go to the
 * schema recorder's {@link WireIn}, whose read of a nested {@link CallSiteProbe} records the index.
 */
class FieldConstantReaderTest {
    static final Field FIRST = Field.of(1, "first"), SECOND = Field.of(2, "second");
    private static final String DESCRIPTOR = "(I)I";
    private static final String WIRE_IN = "(Lio/zwire/WireIn;)V";

    @Test
    void aCallIsTiedToTheFieldConstantLoadedLastBeforeIt() {
        assertEquals(Optional.of(SECOND), fieldAt("afterSwitches", WIRE_IN, run("afterSwitches",
                FieldConstantReaderTest::afterSwitches)));
    }

    @Test
    void aCallBeforeAnyFieldConstantIsTiedToNone() {
        assertEquals(Optional.empty(), fieldAt("beforeAnyField", WIRE_IN, run("beforeAnyField",
                FieldConstantReaderTest::beforeAnyField)));
    }

    @Test
    void aMethodThatIsNotThereIsTiedToNone() {
        assertEquals(Optional.empty(), FieldConstantReader.fieldBefore(getClass(), "absent", DESCRIPTOR, 10));
    }

    @Test
    void aCallToAHelperIsTiedToNoFieldWhateverConstantCameBefore() {
        assertEquals(Optional.empty(), fieldAt("helperAfterAField", DESCRIPTOR, helperAfterAField(3)));
    }

    @Test
    void aFieldApiCallIsTiedToItsFieldAcrossWideLocalsAndALambda() {
        assertEquals(Optional.of(SECOND), fieldAt("wideLocalsAndALambda", WIRE_IN, run("wideLocalsAndALambda",
                FieldConstantReaderTest::wideLocalsAndALambda)));
    }

    private Optional<Field> fieldAt(String method, String descriptor, int bytecodeIndex) {
        return FieldConstantReader.fieldBefore(getClass(), method, descriptor, bytecodeIndex);
    }

    private static int helperAfterAField(int key) {
        int sum = use(SECOND);
        return callerBytecodeIndex() + 0 * sum * key;
    }

    /** Keeps the methods' values used. */
    private static long sink;

    /** 130 longs take 260 slots, so the last ones are loaded and stored with {@code wide}. */
    private static void wideLocalsAndALambda(WireIn in) {
        int key = 3;
        long w0 = key;
        long w1 = w0 + 1;
        long w2 = w1 + 2;
        long w3 = w2 + 3;
        long w4 = w3 + 4;
        long w5 = w4 + 5;
        long w6 = w5 + 6;
        long w7 = w6 + 7;
        long w8 = w7 + 8;
        long w9 = w8 + 9;
        long w10 = w9 + 10;
        long w11 = w10 + 11;
        long w12 = w11 + 12;
        long w13 = w12 + 13;
        long w14 = w13 + 14;
        long w15 = w14 + 15;
        long w16 = w15 + 16;
        long w17 = w16 + 17;
        long w18 = w17 + 18;
        long w19 = w18 + 19;
        long w20 = w19 + 20;
        long w21 = w20 + 21;
        long w22 = w21 + 22;
        long w23 = w22 + 23;
        long w24 = w23 + 24;
        long w25 = w24 + 25;
        long w26 = w25 + 26;
        long w27 = w26 + 27;
        long w28 = w27 + 28;
        long w29 = w28 + 29;
        long w30 = w29 + 30;
        long w31 = w30 + 31;
        long w32 = w31 + 32;
        long w33 = w32 + 33;
        long w34 = w33 + 34;
        long w35 = w34 + 35;
        long w36 = w35 + 36;
        long w37 = w36 + 37;
        long w38 = w37 + 38;
        long w39 = w38 + 39;
        long w40 = w39 + 40;
        long w41 = w40 + 41;
        long w42 = w41 + 42;
        long w43 = w42 + 43;
        long w44 = w43 + 44;
        long w45 = w44 + 45;
        long w46 = w45 + 46;
        long w47 = w46 + 47;
        long w48 = w47 + 48;
        long w49 = w48 + 49;
        long w50 = w49 + 50;
        long w51 = w50 + 51;
        long w52 = w51 + 52;
        long w53 = w52 + 53;
        long w54 = w53 + 54;
        long w55 = w54 + 55;
        long w56 = w55 + 56;
        long w57 = w56 + 57;
        long w58 = w57 + 58;
        long w59 = w58 + 59;
        long w60 = w59 + 60;
        long w61 = w60 + 61;
        long w62 = w61 + 62;
        long w63 = w62 + 63;
        long w64 = w63 + 64;
        long w65 = w64 + 65;
        long w66 = w65 + 66;
        long w67 = w66 + 67;
        long w68 = w67 + 68;
        long w69 = w68 + 69;
        long w70 = w69 + 70;
        long w71 = w70 + 71;
        long w72 = w71 + 72;
        long w73 = w72 + 73;
        long w74 = w73 + 74;
        long w75 = w74 + 75;
        long w76 = w75 + 76;
        long w77 = w76 + 77;
        long w78 = w77 + 78;
        long w79 = w78 + 79;
        long w80 = w79 + 80;
        long w81 = w80 + 81;
        long w82 = w81 + 82;
        long w83 = w82 + 83;
        long w84 = w83 + 84;
        long w85 = w84 + 85;
        long w86 = w85 + 86;
        long w87 = w86 + 87;
        long w88 = w87 + 88;
        long w89 = w88 + 89;
        long w90 = w89 + 90;
        long w91 = w90 + 91;
        long w92 = w91 + 92;
        long w93 = w92 + 93;
        long w94 = w93 + 94;
        long w95 = w94 + 95;
        long w96 = w95 + 96;
        long w97 = w96 + 97;
        long w98 = w97 + 98;
        long w99 = w98 + 99;
        long w100 = w99 + 100;
        long w101 = w100 + 101;
        long w102 = w101 + 102;
        long w103 = w102 + 103;
        long w104 = w103 + 104;
        long w105 = w104 + 105;
        long w106 = w105 + 106;
        long w107 = w106 + 107;
        long w108 = w107 + 108;
        long w109 = w108 + 109;
        long w110 = w109 + 110;
        long w111 = w110 + 111;
        long w112 = w111 + 112;
        long w113 = w112 + 113;
        long w114 = w113 + 114;
        long w115 = w114 + 115;
        long w116 = w115 + 116;
        long w117 = w116 + 117;
        long w118 = w117 + 118;
        long w119 = w118 + 119;
        long w120 = w119 + 120;
        long w121 = w120 + 121;
        long w122 = w121 + 122;
        long w123 = w122 + 123;
        long w124 = w123 + 124;
        long w125 = w124 + 125;
        long w126 = w125 + 126;
        long w127 = w126 + 127;
        long w128 = w127 + 128;
        long w129 = w128 + 129;
        Field chosen = SECOND;
        w129 += w128;
        IntSupplier lambda = () -> key;
        in.read(chosen).marshallable(new CallSiteProbe());
        sink = w129 + lambda.getAsInt();
    }

    /** The bytecode index of the last call that reached {@link CallSiteProbe}, in the method {@link #run} ran. */
    private static int lastWireCallIndex;
    private static String running;

    /**
     * Runs {@code method} with a real {@code WireIn} (the schema recorder's), whose nested read of a
     * {@link CallSiteProbe} records the bytecode index of the call in {@code method}.
     */
    private static int run(String method, Consumer<WireIn> body) {
        running = method;
        Schema.of(() -> new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                body.accept(in);
            }
        });
        return lastWireCallIndex;
    }

    /** A nested object whose read records where its caller called the field API. */
    private static final class CallSiteProbe implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            lastWireCallIndex = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                    .filter(f -> f.getDeclaringClass() == FieldConstantReaderTest.class && f.getMethodName().equals(running))
                    .findFirst().orElseThrow().getByteCodeIndex());
        }
    }

    private static void afterSwitches(WireIn in) {
        int key = 3;
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
        in.read(SECOND).marshallable(new CallSiteProbe());
        sink = sum;
    }

    private static void beforeAnyField(WireIn in) {
        // The field comes from a method, so no getstatic of a Field precedes the call here.
        in.read(firstField()).marshallable(new CallSiteProbe());
        sink = use(FIRST);
    }

    private static Field firstField() {
        return FIRST;
    }

    private static int use(Field field) {
        return field.number();
    }

    /** The bytecode index of the call to this method in its caller, as a stack frame gives it. */
    private static int callerBytecodeIndex() {
        return StackWalker.getInstance().walk(frames -> frames.skip(1).findFirst().orElseThrow().getByteCodeIndex());
    }
}
