package io.zwire.journal.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * One read-write mapping of a file, and how it is let go: on JDK 22 and later each mapping lives
 * in a shared arena of its own ({@code FileChannel.map(MapMode, long, long, Arena)}), and
 * {@link #unmap()} closes the arena, which unmaps at once; on JDK 17 to 21 it is
 * {@link FileChannel#map(FileChannel.MapMode, long, long)}'s buffer, which only the garbage
 * collector unmaps, and {@link #unmap()} does nothing. The build targets JDK 17, so the arena
 * methods are looked up once, with {@link MethodHandles}, when this class is first used; on JDK 21
 * they exist as a preview API and are not used. The system property
 * {@value #MAPPING_PROPERTY}{@code =}{@value #COLLECTED} keeps the collector's unmapping on JDK 22
 * and later too: for a process where the arena's handshake (below) costs more than the address
 * space and disk a dropped mapping keeps, and to measure the one against the other.
 *
 * <p>The buffer of an unmapped arena mapping, and every view of it, throws
 * {@link IllegalStateException} on each access (the JDK checks the arena on every access, also
 * through a VarHandle) instead of touching unmapped memory. The journal never gets there: a
 * cycle's mapping is unmapped only when {@link CycleMappings} counts its last user out, and a
 * staged file's only when the preparer drops it unused. Closing a shared arena makes every Java
 * thread pass a handshake (microseconds), paid once per cycle by whichever user leaves it last.
 *
 * <p>Mapping allocates (the buffer, the arena); {@link #buffer()} does not. Thread-safe.
 */
public final class CycleMapping {
    /** The system property that chooses how mappings are let go. */
    public static final String MAPPING_PROPERTY = "zwire.journal.mapping";
    /** {@link #MAPPING_PROPERTY}'s value for mappings the collector unmaps, whatever the JDK. */
    public static final String COLLECTED = "collected";

    private final ByteBuffer buffer;
    /** The mapping's {@code java.lang.foreign.Arena}, null once unmapped or on a JDK without one. Guarded by this. */
    private Object arena;

    private CycleMapping(ByteBuffer buffer, Object arena) {
        this.buffer = buffer;
        this.arena = arena;
    }

    /**
     * Maps {@code size} bytes of {@code channel} from its start, read-write, little-endian. The
     * channel may be closed once this returns. Allocates; blocks for the system call.
     *
     * @param channel a file channel open for reading, and for writing unless {@code mode} is read-only
     * @param mode    {@link FileChannel.MapMode#READ_WRITE}, or {@link FileChannel.MapMode#READ_ONLY}
     *                for a journal opened to be read only
     * @param size    the bytes to map, at most the file's length
     * @return the mapping
     * @throws IOException if the file cannot be mapped
     */
    static CycleMapping map(FileChannel channel, FileChannel.MapMode mode, long size) throws IOException {
        if (!Arenas.PRESENT) {
            return new CycleMapping(channel.map(mode, 0, size).order(ByteOrder.LITTLE_ENDIAN), null);
        }
        Object arena = Arenas.open();
        try {
            return new CycleMapping(Arenas.map(channel, mode, size, arena).order(ByteOrder.LITTLE_ENDIAN), arena);
        } catch (IOException | RuntimeException | Error e) {
            Arenas.close(arena);
            throw e;
        }
    }

    /** {@return true when {@link #unmap()} unmaps at once (JDK 22 and later), false when the collector does} */
    public static boolean unmapsAtOnce() {
        return Arenas.PRESENT;
    }

    /** {@return the mapped bytes, little-endian; its position and limit are never moved} Allocates nothing. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /**
     * Faults every page in, so that no later read or write waits on a first touch. Blocks for the
     * page faults (about 0.1 s per 64 MiB here); allocates nothing.
     */
    void load() {
        // Both mappings are MappedByteBuffers on the JDKs this build runs on (17, 25), a segment's
        // view included; the segment's own load() is the fallback for a JDK where that changes.
        if (buffer instanceof MappedByteBuffer mapped) {
            mapped.load();
        } else {
            Arenas.load(buffer);
        }
    }

    /**
     * Unmaps now where the JDK can (22 and later): any later access to {@link #buffer()} or a view
     * of it throws {@link IllegalStateException}. On JDK 17 to 21 does nothing, and the collector
     * unmaps once the buffer and its views are unreachable. Idempotent; allocates nothing; blocks
     * for the arena's handshake with the other threads.
     *
     * @throws IllegalStateException if another thread is accessing the buffer at this moment (the
     *                               JDK then refuses to close the arena and the mapping stays)
     */
    public synchronized void unmap() {
        if (arena != null) {
            // Kept until the close succeeds: a close the JDK refused can be tried again.
            Arenas.close(arena);
            arena = null;
        }
    }

    /** The JDK 22 methods, found once; {@link #PRESENT} is false on an earlier JDK. */
    private static final class Arenas {
        /** The first JDK whose {@code java.lang.foreign} is final rather than a preview. */
        private static final int FIRST_FEATURE_VERSION = 22;
        private static final MethodHandle OF_SHARED;
        private static final MethodHandle MAP;
        private static final MethodHandle AS_BYTE_BUFFER;
        private static final MethodHandle CLOSE;
        private static final MethodHandle SEGMENT_OF_BUFFER;
        private static final MethodHandle LOAD;
        static final boolean PRESENT;

        static {
            MethodHandle ofShared = null;
            MethodHandle map = null;
            MethodHandle asByteBuffer = null;
            MethodHandle close = null;
            MethodHandle segmentOfBuffer = null;
            MethodHandle load = null;
            if (Runtime.version().feature() >= FIRST_FEATURE_VERSION
                    && !COLLECTED.equals(System.getProperty(MAPPING_PROPERTY))) {
                try {
                    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                    Class<?> arena = Class.forName("java.lang.foreign.Arena");
                    Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
                    ofShared = erased(lookup.findStatic(arena, "ofShared", MethodType.methodType(arena)));
                    map = erased(lookup.findVirtual(FileChannel.class, "map", MethodType.methodType(segment,
                            FileChannel.MapMode.class, long.class, long.class, arena)));
                    asByteBuffer = erased(lookup.findVirtual(segment, "asByteBuffer", MethodType.methodType(ByteBuffer.class)));
                    close = erased(lookup.findVirtual(arena, "close", MethodType.methodType(void.class)));
                    segmentOfBuffer = erased(lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, java.nio.Buffer.class)));
                    load = erased(lookup.findVirtual(segment, "load", MethodType.methodType(void.class)));
                } catch (ReflectiveOperationException e) {
                    ofShared = null;
                }
            }
            PRESENT = ofShared != null;
            OF_SHARED = ofShared;
            MAP = map;
            AS_BYTE_BUFFER = asByteBuffer;
            CLOSE = close;
            SEGMENT_OF_BUFFER = segmentOfBuffer;
            LOAD = load;
        }

        private Arenas() {
        }

        /** {@return {@code handle} with every reference type but FileChannel, ByteBuffer and Buffer as Object, for invokeExact} */
        private static MethodHandle erased(MethodHandle handle) {
            MethodType type = handle.type();
            for (int i = 0; i < type.parameterCount(); i++) {
                Class<?> parameter = type.parameterType(i);
                if (!parameter.isPrimitive() && !parameter.getName().startsWith("java.nio.")) {
                    type = type.changeParameterType(i, Object.class);
                }
            }
            if (!type.returnType().isPrimitive() && !type.returnType().getName().startsWith("java.nio.")) {
                type = type.changeReturnType(Object.class);
            }
            return handle.asType(type);
        }

        static Object open() {
            try {
                return (Object) OF_SHARED.invokeExact();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("Arena.ofShared() failed", e);
            }
        }

        static ByteBuffer map(FileChannel channel, FileChannel.MapMode mode, long size, Object arena) throws IOException {
            try {
                Object segment = (Object) MAP.invokeExact(channel, mode, 0L, size, arena);
                return (ByteBuffer) AS_BYTE_BUFFER.invokeExact(segment);
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IOException("FileChannel.map(..., Arena) failed", e);
            }
        }

        static void close(Object arena) {
            try {
                CLOSE.invokeExact(arena);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("Arena.close() failed", e);
            }
        }

        static void load(ByteBuffer buffer) {
            try {
                Object segment = (Object) SEGMENT_OF_BUFFER.invokeExact((java.nio.Buffer) buffer);
                LOAD.invokeExact(segment);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("MemorySegment.load() failed", e);
            }
        }
    }
}
