package io.zwire.session;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Coverage-guided fuzzing of the session's hello and frame parsers (docs/fuzzing.md), through the
 * public API: whatever a peer sends, opening the session and receiving from it give messages or a
 * WireException, and receiving ends. {@link #hello} is a two-way session whose peer sends the input
 * (hello, negotiation, then frames); {@link #frames} is a one-way reader of a valid hello for the
 * wire the input's first byte picks, followed by the rest of the input as frames.
 */
class SessionFuzzTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();
    /** The wires of this module (a session over the text wires frames the same way). */
    private static final WireType[] WIRES = WireType.available().toArray(new WireType[0]);
    /** Frames stay small: a declared length is not what this fuzzes (WireSessionTest's attack tests are). */
    private static final int MAX_DOCUMENT_BYTES = 4096;

    @FuzzTest
    @Timeout(10)
    void hello(byte[] input) throws IOException {
        WireSession session;
        try {
            session = WireSession.open(new PeerChannel(input), config(WIRES));
        } catch (WireException e) {
            return;
        }
        receiveAll(session, input);
    }

    @FuzzTest
    @Timeout(10)
    void frames(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        byte[] hello = writerHello(WIRES[(input[0] & 0xFF) % WIRES.length]);
        byte[] stream = Arrays.copyOf(hello, hello.length + input.length - 1);
        System.arraycopy(input, 1, stream, hello.length, input.length - 1);
        SessionConfig config = config(WIRES);
        receiveAll(WireSession.reader(Channels.newChannel(new ByteArrayInputStream(stream)), config), input);
    }

    private static void receiveAll(WireSession session, byte[] input) throws IOException {
        try (session) {
            for (int receives = 0; receives <= input.length; receives++) {
                try {
                    Object message = session.receive();
                    if (message == null) {
                        return;
                    }
                } catch (WireException e) {
                    if (!session.isOpen()) {
                        return;
                    }
                }
            }
            fail("more messages than the input has bytes: " + Arrays.toString(input));
        }
    }

    private static SessionConfig config(WireType... wires) {
        return SessionConfig.builder(TYPES).wires(wires).allowRaw().message(Order.class).message(Party.class)
                .limits(ReadLimits.defaults().withMaxDocumentBytes(MAX_DOCUMENT_BYTES)).build();
    }

    /** What a one-way writer on {@code wire} sends first. */
    private static byte[] writerHello(WireType wire) throws IOException {
        return writerStream(wire);
    }

    /** A writer session's stream on {@code wire}: its hello, then {@code messages} framed. */
    private static byte[] writerStream(WireType wire, Marshallable... messages) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (WireSession writer = WireSession.writer(Channels.newChannel(out), config(wire))) {
            for (Marshallable message : messages) {
                writer.send(message);
            }
        }
        return out.toByteArray();
    }

    /**
     * Writes the seed corpus: per wire, a peer's stream of an Order and a Party (for {@link #hello})
     * and the same frames after the wire's code byte (for {@link #frames}), plus a frame cut short.
     */
    static void writeSeeds(Path helloDir, Path framesDir) throws IOException {
        Files.createDirectories(helloDir);
        Files.createDirectories(framesDir);
        for (int code = 0; code < WIRES.length; code++) {
            WireType wire = WIRES[code];
            byte[] hello = writerHello(wire);
            byte[] stream = writerStream(wire, Order.sample(), new Party("Alice", "ACC-1", 7));
            Files.write(helloDir.resolve(wire.name().toLowerCase()), stream);
            byte[] frames = new byte[1 + stream.length - hello.length];
            frames[0] = (byte) code;
            System.arraycopy(stream, hello.length, frames, 1, frames.length - 1);
            Files.write(framesDir.resolve(wire.name().toLowerCase()), frames);
            Files.write(framesDir.resolve(wire.name().toLowerCase() + "-cut-short"), Arrays.copyOf(frames, frames.length - 3));
        }
    }

    /** A peer that sends the input, then closes; what this side writes is dropped. */
    private static final class PeerChannel implements ByteChannel {
        private final ByteBuffer input;
        private boolean open = true;

        PeerChannel(byte[] input) {
            this.input = ByteBuffer.wrap(input);
        }

        @Override
        public int read(ByteBuffer target) {
            if (!input.hasRemaining()) {
                return -1;
            }
            int length = Math.min(target.remaining(), input.remaining());
            target.put(input.slice().limit(length));
            input.position(input.position() + length);
            return length;
        }

        @Override
        public int write(ByteBuffer source) {
            int length = source.remaining();
            source.position(source.limit());
            return length;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }
}
