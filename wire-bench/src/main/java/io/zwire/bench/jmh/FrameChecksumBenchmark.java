package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.WireType;
import io.zwire.cli.OrderSessions;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireSession;
import io.zwire.example.Order;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * The cost of a CRC32C per frame: one {@link Order} framed by a one-way writer session and read
 * back by a reader session through memory (no socket, so the checksum is not hidden behind the
 * kernel), with checksums on and off; and the checksum alone over one framed {@code Order}, which
 * each frame pays twice (the writer computes it, the reader checks it). Run as
 * {@code java -jar wire-bench/target/benchmarks.jar FrameChecksumBenchmark -p wire=BINARY,RAW}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class FrameChecksumBenchmark {
    @Param({"BINARY", "RAW"})
    public WireType wire;

    @Param({"true", "false"})
    public boolean checksums;

    private WireSession writer;
    private WireSession reader;
    private Order[] orders;
    private int next;
    private final CRC32C crc = new CRC32C();
    private final Bytes frame = Bytes.elastic(256);
    private int frameLength;

    /** A pipe in memory: what is written is read next. */
    private static final class MemoryPipe implements ByteChannel {
        private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16);

        @Override
        public int write(ByteBuffer source) {
            int n = source.remaining();
            bytes.put(source);
            return n;
        }

        @Override
        public int read(ByteBuffer target) {
            bytes.flip();
            int n = Math.min(bytes.remaining(), target.remaining());
            target.put(target.position(), bytes, bytes.position(), n).position(target.position() + n);
            bytes.position(bytes.position() + n).compact();
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    @Setup(Level.Trial)
    public void open() throws IOException {
        MemoryPipe pipe = new MemoryPipe();
        SessionConfig config = SessionConfig.builder(OrderSessions.TYPES).wires(wire).allowRaw().message(Order.sample()).pool(BytesPool.heap(4096, 2))
                .checksumFrames(checksums).build();
        writer = WireSession.writer(pipe, config);
        reader = WireSession.reader(pipe, config);
        if (reader.checksumsFrames() != checksums || reader.wireType() != wire) {
            throw new IllegalStateException("the reader runs " + reader.wireType() + " with checksums " + reader.checksumsFrames());
        }
        orders = OrderSessions.orders();
        frame.writeInt32(0).writeInt16(0);
        wire.apply(frame, config.options()).writeDocument(orders[0]);
        frameLength = frame.writePosition();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        writer.close();
        reader.close();
    }

    /** The checksum alone, as each side computes it over one framed {@code Order} (twice per frame: written, checked). */
    @Benchmark
    public long checksum() {
        crc.reset();
        frame.updateChecksum(crc, 0, frameLength);
        return crc.getValue();
    }

    /** One frame written and read back. */
    @Benchmark
    public Object frame() throws IOException {
        writer.send(orders[next++ & 3]);
        return reader.receive();
    }
}
