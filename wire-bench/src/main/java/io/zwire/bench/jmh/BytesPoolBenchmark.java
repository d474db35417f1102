package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.session.BytesPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Taking a 4 KiB buffer, using it and giving it back, from many threads at once: zwire's striped
 * lock-free {@link BytesPool}, one lock around a deque, and no pool at all (a new buffer each
 * time, which the garbage collector then reclaims). Each buffer goes to a {@link Blackhole}, as a
 * real one goes to a channel: otherwise escape analysis removes the unpooled allocation and the
 * comparison is void. Run with several thread counts ({@code -t}); the score is operations per
 * microsecond, all threads together.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class BytesPoolBenchmark {
    private static final int CAPACITY = 4096;

    private final BytesPool striped = BytesPool.heap(CAPACITY, 16);
    private final LockedPool locked = new LockedPool();

    /** The obvious pool: a deque under one lock. */
    static final class LockedPool {
        private final ArrayDeque<Bytes> free = new ArrayDeque<>();

        synchronized Bytes acquire() {
            Bytes bytes = free.pollFirst();
            return bytes != null ? bytes.clear() : Bytes.elastic(CAPACITY);
        }

        synchronized void release(Bytes bytes) {
            free.addFirst(bytes);
        }
    }

    private static void use(Bytes bytes, Blackhole sink) {
        bytes.writeInt64(42).writeInt32(7);
        sink.consume(bytes);
    }

    /** zwire's pool. */
    @Benchmark
    public void stripedLockFree(Blackhole sink) {
        Bytes bytes = striped.acquire();
        use(bytes, sink);
        striped.release(bytes);
    }

    /** One lock. */
    @Benchmark
    public void synchronizedDeque(Blackhole sink) {
        Bytes bytes = locked.acquire();
        use(bytes, sink);
        locked.release(bytes);
    }

    /** No pool: allocate every time. */
    @Benchmark
    public void noPool(Blackhole sink) {
        use(Bytes.elastic(CAPACITY), sink);
    }
}
