package io.zwire.text.number;

import io.zwire.internal.LongToDecimal;

import io.zwire.internal.DoubleToDecimal;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Measures, with the exact per-thread allocation counter, that formatting and parsing ordinary
 * values (at most 17 significant digits) allocates nothing once the code is compiled, and shows
 * with a boxing loop that the measurement does see allocation.
 */
class ZeroAllocationTest {

    private static final int VALUES = 1_000_000;
    private static final double MAX_BYTES_PER_OPERATION = 0.01;
    private static final int WARM_UP_PASSES = 2;

    private static com.sun.management.ThreadMXBean threads;
    private static double[] doubles;
    private static long[] longs;
    private static byte[] texts;
    private static int[] textEnds;
    private static byte[] out;

    /** Escapes every box the negative control makes, so escape analysis cannot remove it. */
    static Object sink;

    @BeforeAll
    static void prepare() {
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported(), "per-thread allocation counter unavailable");
        threads.setThreadAllocatedMemoryEnabled(true);
        SplittableRandom random = new SplittableRandom(42L);
        doubles = new double[VALUES];
        longs = new long[VALUES];
        StringBuilder all = new StringBuilder();
        textEnds = new int[VALUES];
        for (int i = 0; i < VALUES; i++) {
            // 1 to 17 significant digits, magnitudes from about 10^-33 to 10^34 (inside the
            // float range too), a third of them negative.
            int digits = 1 + random.nextInt(17);
            long mantissa = random.nextLong(1, Long.MAX_VALUE) % pow10(digits);
            double v = Double.parseDouble(mantissa + "e" + (random.nextInt(51) - 25 - digits / 2));
            doubles[i] = random.nextInt(3) == 0 ? -v : v;
            longs[i] = random.nextLong() >> random.nextInt(64);
            switch (i % 4) {
                case 0:
                    all.append(doubles[i]);
                    break;
                case 1:
                    all.append(mantissa).append('e').append(random.nextInt(41) - 20);
                    break;
                case 2:
                    all.append(mantissa / 1000).append('.').append(mantissa % 1000);
                    break;
                default:
                    all.append(longs[i]);
                    break;
            }
            textEnds[i] = all.length();
        }
        texts = all.toString().getBytes(StandardCharsets.ISO_8859_1);
        out = new byte[32];
    }

    @Test
    void formattingAndParsingOrdinaryValuesAllocatesNothing() {
        // Warm up until the loops and everything they call are compiled: one pass is 4 million
        // calls, far past C1's and C2's thresholds, and the measured pass tolerates 40,000 stray
        // bytes, so a second pass only leaves a late compilation's deoptimisation more room.
        long checksum = 0;
        for (int round = 0; round < WARM_UP_PASSES; round++) {
            checksum += formatAll() + parseAll();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        checksum += formatAll();
        checksum += parseAll();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        int operations = 3 * VALUES + VALUES;
        double perOperation = (double) allocated / operations;
        System.out.printf("zero-allocation check on JDK %d: %d bytes over %d operations (%.6f per operation)%n",
                Runtime.version().feature(), allocated, operations, perOperation);
        assertNotEquals(0, checksum);
        assertTrue(perOperation < MAX_BYTES_PER_OPERATION,
                allocated + " bytes allocated over " + operations + " operations");
    }

    @Test
    void theMeasurementSeesBoxing() {
        for (int round = 0; round < 3; round++) {
            boxAll();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        boxAll();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        double perOperation = (double) allocated / VALUES;
        System.out.printf("negative control on JDK %d: %.2f bytes per boxed double%n",
                Runtime.version().feature(), perOperation);
        assertTrue(perOperation >= 16, perOperation + " bytes per boxed double");
    }

    /** Writes every double, as a double and as a float, and every long: 3 operations each. */
    private static long formatAll() {
        final double[] values = doubles;
        final long[] integers = longs;
        final byte[] buffer = out;
        long sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += DoubleToDecimal.writeDouble(values[i], buffer, 0);
            sum += DoubleToDecimal.writeFloat((float) values[i], buffer, 0);
            sum += LongToDecimal.writeLong(integers[i], buffer, 0);
            sum += buffer[1];
        }
        return sum;
    }

    /** Parses every text, as a long when it is one and as a double otherwise: 1 operation each. */
    private static long parseAll() {
        final byte[] in = texts;
        final int[] ends = textEnds;
        long sum = 0;
        int start = 0;
        for (int i = 0; i < ends.length; i++) {
            int end = ends[i];
            if (i % 4 == 3) {
                sum += DecimalToDouble.parseLong(in, start, end - start);
            } else if (i % 8 == 1) {
                sum += Float.floatToRawIntBits(DecimalToDouble.parseFloat(in, start, end - start));
            } else {
                sum += Double.doubleToRawLongBits(DecimalToDouble.parseDouble(in, start, end - start));
            }
            start = end;
        }
        return sum;
    }

    private static void boxAll() {
        final double[] values = doubles;
        for (int i = 0; i < values.length; i++) {
            sink = Double.valueOf(values[i]);
        }
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }
}
