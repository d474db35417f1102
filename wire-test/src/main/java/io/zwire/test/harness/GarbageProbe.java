package io.zwire.test.harness;

import io.zwire.WireType;
import io.zwire.test.AllocationMeter;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The forked side of the harness: one type over one wire in a JVM of its own, so nothing else
 * allocates on the heap being watched. It warms the round trip up, forces one collection, then
 * runs the measured round trips between two markers on standard output, where the JVM also logs
 * its collections; {@link GcLogParser} reads the whole stream back.
 *
 * <pre>
 * zwire-probe ready java=17.0.15 eden=10485760 document=67
 * zwire-probe forcing-gc
 * [1.246s][info][gc] GC(3) Pause Full (System.gc()) 7M-&gt;4M(62M) 9.243ms
 * zwire-probe start
 * ... collections during the measured round trips ...
 * zwire-probe end
 * zwire-probe result roundTrips=10000000 allocatedBytes=0 nanos=812345678
 * </pre>
 *
 * <p>The forced collection proves the log is where the parser looks and in a format it reads: a
 * log it cannot find or parse then fails the run instead of reading as zero collections.
 * On failure it prints {@code zwire-probe error <message>} and exits with status 1.
 */
public final class GarbageProbe {
    static final String PREFIX = "zwire-probe ";
    static final String READY = PREFIX + "ready";
    static final String FORCING_GC = PREFIX + "forcing-gc";
    static final String START = PREFIX + "start";
    static final String END = PREFIX + "end";
    static final String RESULT = PREFIX + "result";
    static final String ERROR = PREFIX + "error";

    private GarbageProbe() {
    }

    /**
     * Arguments: the type's class name, the wire type's name, the warm-up round trips and the
     * measured round trips. The JVM must run with {@code -Xlog:gc} on standard output.
     */
    public static void main(String[] args) {
        if (args.length != 4) {
            fail("usage: GarbageProbe <type> <wire> <warm-up round trips> <round trips>");
            return;
        }
        try {
            MarshallableType type = MarshallableType.load(args[0], ClassLoader.getSystemClassLoader());
            WireType wire = WireType.valueOf(args[1]);
            long warmUp = Long.parseLong(args[2]);
            long roundTrips = Long.parseLong(args[3]);
            RoundTripLoop loop = type.newLoop(wire);
            int documentBytes = loop.verify();
            System.out.println(READY + " java=" + Runtime.version().toString().split("\\+")[0]
                    + " eden=" + edenBytes() + " document=" + documentBytes);
            loop.run(warmUp);
            measure(loop, roundTrips);
        } catch (RuntimeException | LinkageError e) {
            fail(e.toString().replace('\n', ' '));
        }
    }

    private static void measure(RoundTripLoop loop, long roundTrips) {
        System.out.println(FORCING_GC);
        System.gc();
        System.out.println(START);
        Runnable measured = () -> loop.run(roundTrips);
        long nanosBefore = System.nanoTime();
        long allocated = AllocationMeter.allocatedDuring(measured);
        long nanos = System.nanoTime() - nanosBefore;
        System.out.println(END);
        System.out.println(RESULT + " roundTrips=" + roundTrips + " allocatedBytes=" + allocated
                + " nanos=" + nanos);
    }

    /** The committed size of the young generation's allocation space, or -1 if no pool is named Eden. */
    private static long edenBytes() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getName().contains("Eden")) {
                return pool.getUsage().getCommitted();
            }
        }
        return -1;
    }

    /**
     * Ends a probe's JVM (this one's or {@link AllocationSiteProbe}'s) with status 1, after the
     * line {@code zwire-probe error <message>} that its launcher reads; {@code message} is one line.
     */
    static void fail(String message) {
        System.out.println(ERROR + " " + message);
        System.exit(1);
    }
}
