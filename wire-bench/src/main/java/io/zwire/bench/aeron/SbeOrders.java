package io.zwire.bench.aeron;

import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.zwire.bench.aeron.sbe.MessageHeaderDecoder;
import io.zwire.bench.aeron.sbe.MessageHeaderEncoder;
import io.zwire.bench.aeron.sbe.OrderDecoder;
import io.zwire.bench.aeron.sbe.OrderEncoder;
import io.zwire.bench.aeron.sbe.Side;
import io.zwire.cli.OrderSessions;
import io.zwire.example.Order;

import java.nio.charset.StandardCharsets;

/**
 * The same orders as SBE messages (src/main/sbe/order.xml, codec generated at build time), the
 * way SBE is used with Aeron: the exact length claimed, the flyweight encoder over the claim, the
 * decoder over the fragment, texts copied as bytes into reused arrays (no {@code String}); the pong
 * decodes each order and encodes it back.
 */
final class SbeOrders implements OrderCodec {
    /** The most bytes a text of the benchmark's orders takes. */
    private static final int MAX_TEXT = 64;
    private static final int VAR_LENGTH_HEADER = 4;

    /** One order's values, texts as UTF-8 bytes: what a decode fills and an encode reads. */
    static final class Values {
        long id;
        double price;
        long qty;
        Side side;
        long partyId;
        final byte[] symbol = new byte[MAX_TEXT];
        int symbolLength;
        final byte[] partyName = new byte[MAX_TEXT];
        int partyNameLength;
        final byte[] partyAccount = new byte[MAX_TEXT];
        int partyAccountLength;

        static Values of(Order order) {
            Values values = new Values();
            values.id = order.id();
            values.price = order.price();
            values.qty = order.qty();
            values.side = Side.valueOf(order.side().name());
            values.partyId = order.party().id();
            values.symbolLength = copy(order.symbol(), values.symbol);
            values.partyNameLength = copy(order.party().name(), values.partyName);
            values.partyAccountLength = copy(order.party().account(), values.partyAccount);
            return values;
        }

        private static int copy(String text, byte[] target) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            System.arraycopy(bytes, 0, target, 0, bytes.length);
            return bytes.length;
        }

        int encodedLength() {
            return MessageHeaderEncoder.ENCODED_LENGTH + OrderEncoder.BLOCK_LENGTH
                    + 3 * VAR_LENGTH_HEADER + symbolLength + partyNameLength + partyAccountLength;
        }
    }

    /** Claims the exact length and encodes {@link Values} in place; decodes a fragment into {@link Values}. */
    private static final class Flyweights {
        final BufferClaim claim = new BufferClaim();
        final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
        final OrderEncoder encoder = new OrderEncoder();
        final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        final OrderDecoder decoder = new OrderDecoder();

        boolean publish(Publication out, Values values) {
            if (!OrderCodec.published(out.tryClaim(values.encodedLength(), claim))) {
                return false;
            }
            encoder.wrapAndApplyHeader(claim.buffer(), claim.offset(), headerEncoder)
                    .id(values.id).price(values.price).qty(values.qty).side(values.side).partyId(values.partyId)
                    .putSymbol(values.symbol, 0, values.symbolLength)
                    .putPartyName(values.partyName, 0, values.partyNameLength)
                    .putPartyAccount(values.partyAccount, 0, values.partyAccountLength);
            claim.commit();
            return true;
        }

        FragmentHandler decodingInto(Values values, Runnable then) {
            return (buffer, offset, length, header) -> {
                decoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                values.id = decoder.id();
                values.price = decoder.price();
                values.qty = decoder.qty();
                values.side = decoder.side();
                values.partyId = decoder.partyId();
                values.symbolLength = decoder.getSymbol(values.symbol, 0, MAX_TEXT);
                values.partyNameLength = decoder.getPartyName(values.partyName, 0, MAX_TEXT);
                values.partyAccountLength = decoder.getPartyAccount(values.partyAccount, 0, MAX_TEXT);
                then.run();
            };
        }
    }

    @Override
    public String name() {
        return "SBE";
    }

    @Override
    public Ping ping(Publication out, Subscription in) {
        Flyweights flyweights = new Flyweights();
        Order[] orders = OrderSessions.orders();
        Values[] values = new Values[orders.length];
        for (int i = 0; i < orders.length; i++) {
            values[i] = Values.of(orders[i]);
        }
        Values echo = new Values();
        FragmentHandler[] handler = new FragmentHandler[1];
        Ping ping = new Ping() {
            @Override
            long publish(int i) {
                return flyweights.publish(out, values[i & 3]) ? values[i & 3].id : NOT_PUBLISHED;
            }

            @Override
            int poll() {
                return in.poll(handler[0], 1);
            }
        };
        handler[0] = flyweights.decodingInto(echo, () -> ping.echoed(echo.id));
        return ping;
    }

    @Override
    public Pong pong(Publication out, Subscription in) {
        Flyweights flyweights = new Flyweights();
        Values received = new Values();
        FragmentHandler handler = flyweights.decodingInto(received, () -> {
            long start = System.nanoTime();
            while (!flyweights.publish(out, received)) {
                OrderCodec.checkTimeout(start, "the echo to publish");
            }
        });
        return () -> in.poll(handler, 1);
    }
}
