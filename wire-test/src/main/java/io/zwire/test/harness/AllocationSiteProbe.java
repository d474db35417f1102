package io.zwire.test.harness;

import io.zwire.Field;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The forked side of the diagnosis, run only after a pair has failed: one type over one wire,
 * its round trips sampled by JFR's TLAB allocation events with stack traces, and every
 * sampled allocation reduced to an {@link AllocationSite}, printed one per line, its columns
 * separated by tabs:
 *
 * <pre>
 * zwire-probe site 1234567&#9;java.time.Instant&#9;Instant.create:415&#9;VanReading.lambda$static$1:29&#9;VanReading.readMarshallable:62&#9;2&#9;time
 * zwire-probe sites roundTrips=812000
 * </pre>
 *
 * <p>The launcher runs it with escape analysis off, so it sees every allocation the code makes (the
 * as-compiled run can only allocate less). It runs round trips until they have allocated
 * {@link #SAMPLED_BYTES}, or for {@link #MOST_MILLIS}, whichever comes first. Each sample is
 * weighted by the bytes it stands for (the new TLAB's size, or the object's outside one), so a
 * site's share of the weight estimates its share of the bytes. A site's field is found from the
 * innermost frame in the checked type's own code whose call goes to the field API
 * ({@link FieldConstantReader}); its side (read or write) from the frame
 * {@link RoundTripLoop#roundTrip()} called; its maker from the nearest frame outside the JDK. On
 * failure it prints {@code zwire-probe error <message>} and exits with status 1.
 */
public final class AllocationSiteProbe {
    static final String SITE = GarbageProbe.PREFIX + "site ";
    static final String DONE = GarbageProbe.PREFIX + "sites roundTrips=";
    /**
     * Bytes the round trips allocate before the sampling stops: about 2,000 TLAB events,
     * enough for a site of a few percent to show, whatever the round trip costs.
     */
    static final long SAMPLED_BYTES = 8L << 20;
    /**
     * The longest the sampling runs, for a round trip that allocates little and slowly. JFR's
     * events slow some round trips down many times over (a record read through method handles on
     * JDK 17), which is why the bound is on bytes first.
     */
    static final long MOST_MILLIS = 3_000;
    /**
     * The allocation that opens a new TLAB, weighted by the TLAB's size: with the small fixed
     * TLABs the launcher sets, one event per {@link ProbeLauncher#SITE_TLAB_BYTES} allocated.
     * Unthrottled, unlike {@code jdk.ObjectAllocationSample}, which takes too few samples of a
     * slow round trip to show its smaller sites.
     */
    private static final String NEW_TLAB = "jdk.ObjectAllocationInNewTLAB";
    /** An allocation too large for a TLAB, weighted by its own size. */
    private static final String OUTSIDE_TLAB = "jdk.ObjectAllocationOutsideTLAB";
    /** A byte array's header: its length in bytes is this more than its element count. */
    private static final int ARRAY_HEADER_BYTES = 16;
    /**
     * The jitter arrays' lengths: 0 up to a whole TLAB (less the header), so a round trip starts
     * anywhere in its TLAB and a small site beside a large object is sampled in proportion to its size.
     */
    private static final int JITTER_LENGTHS = ProbeLauncher.SITE_TLAB_BYTES - ARRAY_HEADER_BYTES;
    /** Keeps each jitter array reachable until the next, so no JIT could drop its allocation. */
    @SuppressWarnings("unused")
    private static byte[] jitterSink;
    /** Round trips between two looks at the clock. */
    private static final int BATCH = 500;
    private static final String ZWIRE_PACKAGE = "io.zwire.";
    private static final String LAMBDA_CLASS = "$$Lambda";
    private static final String HARNESS_PACKAGE = AllocationSiteProbe.class.getPackageName() + ".";

    private AllocationSiteProbe() {
    }

    /**
     * Arguments: the type's name (as for {@link MarshallableType#load}), the wire type's name, the
     * warm-up round trips, and the file to dump the recording to, which the launcher deletes.
     */
    public static void main(String[] args) {
        if (args.length != 4) {
            GarbageProbe.fail("usage: AllocationSiteProbe <type> <wire> <warm-up round trips> <recording file>");
            return;
        }
        try {
            MarshallableType type = MarshallableType.load(args[0], ClassLoader.getSystemClassLoader());
            RoundTripLoop loop = type.newLoop(WireType.valueOf(args[1]));
            loop.verify();
            loop.run(Long.parseLong(args[2]));
            Path file = Path.of(args[3]);
            long roundTrips = record(loop, file);
            for (AllocationSite site : sites(RecordingFile.readAllEvents(file), type.codeOwner())) {
                System.out.println(SITE + site.toLine());
            }
            System.out.println(DONE + roundTrips);
        } catch (IOException | RuntimeException | LinkageError e) {
            GarbageProbe.fail(e.toString().replace('\n', ' '));
        }
    }

    private static long record(RoundTripLoop loop, Path file) throws IOException {
        long roundTrips = 0;
        int jitter = 1;
        try (Recording recording = new Recording()) {
            recording.enable(NEW_TLAB).withStackTrace();
            recording.enable(OUTSIDE_TLAB).withStackTrace();
            recording.start();
            // Measured from here: starting JFR takes a few hundred milliseconds the first time.
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MOST_MILLIS);
            // The jitter's own bytes do not count: they are up to a TLAB per round trip, far more than most round trips.
            long enough = AllocationMeter.allocatedBytes() + SAMPLED_BYTES;
            long jitterBytes = 0;
            while (System.nanoTime() < deadline && AllocationMeter.allocatedBytes() - jitterBytes < enough) {
                for (int i = 0; i < BATCH; i++) {
                    loop.roundTrip();
                    jitter = jitter(jitter);
                    jitterBytes += jitterSink.length + ARRAY_HEADER_BYTES;
                }
                roundTrips += BATCH;
            }
            recording.stop();
            recording.dump(file);
        }
        return roundTrips;
    }

    /** The samples taken on this thread, summed per site, heaviest first. Allocates. */
    static List<AllocationSite> sites(List<RecordedEvent> events, Class<?> owner) {
        String thread = Thread.currentThread().getName();
        String ownerName = topLevel(owner.getName());
        Map<String, AllocationSite> sites = new LinkedHashMap<>();
        for (RecordedEvent event : events) {
            if (event.getStackTrace() == null || event.getThread("eventThread") == null
                    || !thread.equals(event.getThread("eventThread").getJavaName()) || !inRoundTrip(event)) {
                continue;
            }
            AllocationSite site = site(event, owner, ownerName);
            sites.merge(site.place(), site, (a, b) -> a.plus(b.sampledBytes()));
        }
        List<AllocationSite> sorted = new ArrayList<>(sites.values());
        sorted.sort((a, b) -> Long.compare(b.sampledBytes(), a.sampledBytes()));
        return sorted;
    }

    /**
     * Allocates an array of a pseudo-random size between round trips and returns the next seed.
     * A round trip allocates the same objects in the same order every time, so with fixed TLABs
     * the object that overflows one would be the same one TLAB after TLAB, and the samples would
     * all land on it. The array shifts where each round trip starts in its TLAB, so each object
     * overflows one in proportion to its size; it is allocated outside {@code roundTrip()} and so
     * never counted as a site.
     */
    private static int jitter(int seed) {
        int next = seed ^ seed << 13;
        next ^= next >>> 17;
        next ^= next << 5;
        jitterSink = new byte[Math.floorMod(next, JITTER_LENGTHS)];
        return next;
    }

    /** True for an allocation under {@link RoundTripLoop#roundTrip()}, not JFR's or the loop's own bookkeeping. */
    private static boolean inRoundTrip(RecordedEvent event) {
        for (RecordedFrame frame : event.getStackTrace().getFrames()) {
            if (frame.isJavaFrame() && frame.getMethod().getType().getName().equals(RoundTripLoop.class.getName())
                    && frame.getMethod().getName().equals("roundTrip")) {
                return true;
            }
        }
        return false;
    }

    private static AllocationSite site(RecordedEvent event, Class<?> owner, String ownerName) {
        List<RecordedFrame> frames = event.getStackTrace().getFrames().stream().filter(RecordedFrame::isJavaFrame).toList();
        String nearest = null;
        for (int i = 1; i < frames.size() && nearest == null; i++) {
            String type = frames.get(i).getMethod().getType().getName();
            if (inOwner(type, ownerName) || inZwire(type, ownerName)) {
                nearest = describe(frames.get(i));
            }
        }
        // Innermost out: the first of the type's frames whose call goes to the field API names the field;
        // a frame that calls a helper or the JDK is passed over, so a helper's allocation names none.
        RecordedFrame typeFrame = null;
        Optional<Field> field = Optional.empty();
        for (int i = 0; i < frames.size() && field.isEmpty(); i++) {
            if (inOwner(frames.get(i).getMethod().getType().getName(), ownerName)) {
                typeFrame = frames.get(i);
                field = fieldAt(typeFrame, owner);
            }
        }
        long weight = event.getEventType().getName().equals(NEW_TLAB) ? event.getLong("tlabSize")
                : event.getLong("allocationSize");
        return new AllocationSite(weight, javaName(event.getClass("objectClass").getName()),
                frames.isEmpty() ? "?" : describe(frames.get(0)), nearest,
                typeFrame == null ? null : describe(typeFrame), field.map(Field::number).orElse(0),
                field.map(Field::name).orElse(null), side(frames), maker(frames, ownerName));
    }

    /** Read or write: the frame {@link RoundTripLoop#roundTrip()} called, which is its read or its write. */
    static AllocationSite.Side side(List<RecordedFrame> frames) {
        for (int i = 1; i < frames.size(); i++) {
            if (isLoopMethod(frames.get(i), "roundTrip")) {
                if (isLoopMethod(frames.get(i - 1), "read")) {
                    return AllocationSite.Side.READ;
                }
                return isLoopMethod(frames.get(i - 1), "write") ? AllocationSite.Side.WRITE : AllocationSite.Side.UNKNOWN;
            }
        }
        return AllocationSite.Side.UNKNOWN;
    }

    private static boolean isLoopMethod(RecordedFrame frame, String name) {
        return frame.getMethod().getType().getName().equals(RoundTripLoop.class.getName())
                && frame.getMethod().getName().equals(name);
    }

    /** zwire when the nearest frame outside the JDK is zwire's own code; the type's code (a setter lambda) otherwise. */
    private static AllocationSite.Maker maker(List<RecordedFrame> frames, String ownerName) {
        for (RecordedFrame frame : frames) {
            String type = frame.getMethod().getType().getName();
            if (!inJdk(type)) {
                return inZwire(type, ownerName) ? AllocationSite.Maker.ZWIRE : AllocationSite.Maker.USER_CODE;
            }
        }
        return AllocationSite.Maker.USER_CODE;
    }

    private static boolean inJdk(String type) {
        return type.startsWith("java.") || type.startsWith("javax.") || type.startsWith("jdk.") || type.startsWith("sun.")
                || type.startsWith("com.sun.");
    }

    /** zwire's own code: not the harness, and not the checked type (nor its lambdas), which may live under io.zwire. */
    private static boolean inZwire(String type, String ownerName) {
        return type.startsWith(ZWIRE_PACKAGE) && !type.startsWith(HARNESS_PACKAGE) && !type.startsWith(ownerName + "$")
                && !type.equals(ownerName);
    }

    private static Optional<Field> fieldAt(RecordedFrame frame, Class<?> owner) {
        RecordedMethod method = frame.getMethod();
        Class<?> declaring;
        try {
            declaring = Class.forName(method.getType().getName(), false, owner.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
        return FieldConstantReader.fieldBefore(declaring, method.getName(), method.getDescriptor(),
                frame.getBytecodeIndex());
    }

    /** True for the owner and its nested classes, but not the hidden classes of its lambdas, which have no class file. */
    private static boolean inOwner(String type, String ownerName) {
        return (type.equals(ownerName) || type.startsWith(ownerName + "$")) && !type.contains(LAMBDA_CLASS);
    }

    /** {@code [B} as {@code byte[]}, {@code [Ljava.lang.String;} as {@code java.lang.String[]}: as source names them. */
    static String javaName(String binaryName) {
        if (!binaryName.startsWith("[")) {
            return binaryName;
        }
        String element = binaryName.substring(1);
        String name = switch (element.charAt(0)) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'L' -> element.substring(1, element.length() - 1);
            default -> javaName(element);
        };
        return name + "[]";
    }

    private static String topLevel(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    /** {@code Type.method:line}; a lambda's hidden class ({@code Type$$Lambda/0x...}) as {@code Type$$Lambda}. */
    static String describe(RecordedFrame frame) {
        RecordedMethod method = frame.getMethod();
        String type = method.getType().getName();
        int hidden = type.indexOf(LAMBDA_CLASS);
        if (hidden >= 0) {
            type = type.substring(0, hidden + LAMBDA_CLASS.length());
        }
        return type.substring(type.lastIndexOf('.') + 1) + "." + method.getName() + ":" + frame.getLineNumber();
    }
}
