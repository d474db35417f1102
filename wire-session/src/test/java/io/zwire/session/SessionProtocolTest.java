package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sans-IO handshake and frames other transports share with WireSession. */
class SessionProtocolTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();

    private static SessionConfig config(WireType... wires) {
        return SessionConfig.builder(TYPES).wires(wires).allowRaw().message(Order.sample()).build();
    }

    private static Negotiation settle(SessionProtocol mine, SessionProtocol theirs) {
        Bytes stream = Bytes.elastic(128);
        theirs.writeHello(stream);
        int size = SessionProtocol.helloSize(stream, 0);
        assertEquals(stream.readRemaining(), size);
        return mine.negotiate(stream, size, 0);
    }

    @Test
    void twoSidesSettleTheSameWireAndChecksumsFromEachOthersHello() {
        SessionProtocol a = SessionProtocol.of(config(WireType.RAW, WireType.BINARY));
        SessionProtocol b = SessionProtocol.of(config(WireType.JSON, WireType.RAW));
        Negotiation ab = settle(a, b);
        Negotiation ba = settle(b, a);
        assertEquals(WireType.RAW, ab.wireType());
        assertEquals(ab.wireType(), ba.wireType());
        assertTrue(ab.checksums() && ba.checksums(), "both offer checksums by default");
        assertEquals(0, ab.localType(0));
        assertEquals(-1, ab.localType(1), "the peer has no second type");
    }

    @Test
    void aFrameWrittenByTheCodecIsReadBackAndItsLengthIsCheckedFromTheHeaderAlone() {
        FrameCodec frames = new FrameCodec(64, true);
        Bytes out = Bytes.elastic(128);
        int start = frames.begin(out, 3);
        out.write(new byte[] {1, 2, 3});
        assertEquals(FrameCodec.HEADER_BYTES + 3 + FrameCodec.CHECKSUM_BYTES, frames.end(out, start, "test"));
        int size = frames.frameSize(out, "T", 0);
        assertEquals(out.readRemaining(), size);
        assertEquals(3, frames.checkedType(out, size, "T", 0));
        assertEquals(FrameCodec.HEADER_BYTES + 3, frames.documentEnd(0, size));

        Bytes huge = Bytes.elastic(16).writeInt32(1_000_000).writeInt16(0);
        WireException e = assertThrows(WireException.class, () -> frames.frameSize(huge, "T", 0));
        assertTrue(e.getMessage().contains("found 1000000"), e.getMessage());

        out.writeInt8At(FrameCodec.HEADER_BYTES, 9);
        assertThrows(WireException.class, () -> frames.checkedType(out, size, "T", 0), "a flipped byte");
    }

    @Test
    void framingAllocatesNothingOnHeapOrDirectBytes() {
        FrameCodec frames = new FrameCodec(64, true);
        for (Bytes out : new Bytes[] {Bytes.elastic(128), Bytes.allocateDirect(128)}) {
            int[] i = {0};
            Runnable framing = () -> {
                out.clear();
                int start = frames.begin(out, 1);
                out.writeInt64(i[0]++);
                frames.end(out, start, "test");
                frames.checkedType(out, frames.frameSize(out, "T", 0), "T", 0);
            };
            double perFrame = AllocationMeter.bytesPerOperation(framing, 100_000, 100_000);
            assertTrue(perFrame < 0.01, (out.isDirect() ? "direct: " : "heap: ") + perFrame + " bytes per frame");
        }
    }

    @Test
    void aPeerThatDemandsZwireAuthenticationIsRefusedWithTheAdviceToUseTls() {
        SessionConfig config = config(WireType.BINARY);
        Bytes stream = Bytes.elastic(128);
        Hello.of(config).sent(List.of(WireType.BINARY), new byte[Hello.NONCE_BYTES], true).write(stream);
        WireException e = assertThrows(WireException.class,
                () -> SessionProtocol.of(config).negotiate(stream, SessionProtocol.helloSize(stream, 0), 0));
        assertTrue(e.getMessage().contains("demand zwire key authentication") && e.getMessage().contains("TLS"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SessionProtocol.of(SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample()).credential("alice", new byte[32]).build()));
    }

    @Test
    void aCloseRecordInPlaceOfTheHelloIsThePeersReason() {
        Bytes stream = Bytes.elastic(128);
        CloseRecord.write(stream, CloseReason.SERVER_FULL, "full");
        SessionClosedException e = assertThrows(SessionClosedException.class, () -> SessionProtocol.helloSize(stream, 0));
        assertEquals(CloseReason.SERVER_FULL, e.reason());
    }
}
