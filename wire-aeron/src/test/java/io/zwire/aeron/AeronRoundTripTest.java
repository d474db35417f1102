package io.zwire.aeron;

import io.aeron.FragmentAssembler;
import io.zwire.Marshaller;
import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Messages over a real embedded media driver, on IPC and on UDP over 127.0.0.1, on every wire. */
class AeronRoundTripTest {
    /** A record read through its marshaller: a type that is not a {@code Marshallable}. */
    record Fill(long orderId, double price, long qty) {
    }

    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .add("VanTelemetry", VanTelemetry.class, VanTelemetry::new)
            .add("Quote", Quote.class, Quote::new)
            .add("Fill", Fill.class, Marshaller.ofRecord(Fill.class))
            .build();
    static final TypeRegistry NEWER_QUOTES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Quote", QuoteWithVenue.class, QuoteWithVenue::new)
            .build();

    @RegisterExtension
    static final EmbeddedAeron AERON = new EmbeddedAeron();

    static Stream<Arguments> channelsAndWires() {
        List<Arguments> cases = new ArrayList<>();
        for (String transport : List.of("ipc", "udp")) {
            for (WireType wire : WireType.values()) {
                cases.add(Arguments.of(transport, wire));
            }
        }
        return cases.stream();
    }

    static String channel(String transport) {
        return transport.equals("ipc") ? "aeron:ipc" : EmbeddedAeron.udpChannel();
    }

    @ParameterizedTest(name = "{1} over {0}")
    @MethodSource("channelsAndWires")
    void manyMessageTypesRoundTripInOrderOnEveryWire(String transport, WireType wire) {
        AeronMessageTypes types = AeronMessageTypes.of(TYPES);
        try (Link link = new Link(AERON, channel(transport), wire, types, types)) {
            for (int i = 0; i < 60; i++) {
                link.send(new Order(i, i % 2 == 0 ? "EURUSD" : "GBPUSD", 1.08 + i, 1000L * i, Side.values()[i % 2],
                        i % 3 == 0 ? null : new Party("Meridian", "MCP-" + i, i)));
                link.send(VanTelemetry.sample(i));
                link.send(new Quote("USDJPY", 150.0 + i, 150.5 + i));
                link.send(new Fill(i, 99.5, i * 10L));
                link.send(new Party("P" + i, "A" + i, -i));
            }
            link.drain(0);
            assertEquals(List.of(), link.mismatches);
            assertEquals(List.of(), link.badMessages);
            assertEquals(300, link.received);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aSubscriberWithAnOlderOrANewerVersionOfATypeReadsItOnASelfDescribingWire(WireType wire) {
        AeronMessageTypes older = AeronMessageTypes.of(TYPES);
        AeronMessageTypes newer = AeronMessageTypes.of(NEWER_QUOTES);
        try (Link newToOld = new Link(AERON, "aeron:ipc", wire, newer, older);
             Link oldToNew = new Link(AERON, "aeron:ipc", wire, older, newer)) {
            newToOld.send(new QuoteWithVenue("EURUSD", 1.1, 1.2, "XLON"), new Quote("EURUSD", 1.1, 1.2));
            oldToNew.send(new Quote("EURUSD", 1.1, 1.2), new QuoteWithVenue("EURUSD", 1.1, 1.2, null));
            newToOld.drain(0);
            oldToNew.drain(0);
            assertEquals(List.of(), newToOld.mismatches);
            assertEquals(List.of(), oldToNew.mismatches);
            assertTrue(older.fingerprint(Quote.class) != newer.fingerprint(QuoteWithVenue.class), "the versions differ");
        }
    }

    @Test
    void rawFromASenderWithAnotherSchemaIsRefusedAndTheNextMessageIsRead() {
        try (Link link = new Link(AERON, "aeron:ipc", WireType.RAW, AeronMessageTypes.of(NEWER_QUOTES),
                AeronMessageTypes.of(TYPES))) {
            Pump.publish(link.out, link::poll, new QuoteWithVenue("EURUSD", 1.1, 1.2, "XLON"));
            link.send(Order.sample());
            link.drain(1);
            WireException refused = link.badMessages.get(0);
            assertTrue(refused.getMessage().contains("RAW only from a sender with this side's schema of Quote"),
                    refused.getMessage());
            assertEquals(MessageHeader.FINGERPRINT_OFFSET, refused.offset());
            assertEquals(List.of(), link.mismatches);
            assertEquals(1, link.received);
        }
    }

    /** A claimed message (an order, within a frame) and an offered one (a quote longer than a frame). */
    static Stream<Arguments> backPressureCases() {
        Object claimed = Order.sample();
        Object offered = new QuoteWithVenue("EURUSD", 1.1, 1.2, "V".repeat(2000));
        return Stream.of(Arguments.of("ipc", "claimed", claimed), Arguments.of("udp", "claimed", claimed),
                Arguments.of("ipc", "offered", offered), Arguments.of("udp", "offered", offered));
    }

    @ParameterizedTest(name = "{1} over {0}")
    @MethodSource("backPressureCases")
    void aSubscriberThatDoesNotPollBackPressuresThePublisherWhichRecoversOnceItPolls(String transport, String path, Object message) {
        AeronMessageTypes types = AeronMessageTypes.of(NEWER_QUOTES);
        try (Link link = new Link(AERON, channel(transport), WireType.BINARY, types, types)) {
            PublishResult result = PublishResult.PUBLISHED;
            int published = 0;
            // A term is 64 KiB and a message 150 or 2,000 bytes: back pressure comes within a few hundred.
            for (int i = 0; i < 100_000 && (result == PublishResult.PUBLISHED || result == PublishResult.ADMIN_ACTION); i++) {
                result = link.out.publish(message);
                if (result == PublishResult.PUBLISHED) {
                    published++;
                    link.expected.add(message);
                }
            }
            assertEquals(PublishResult.BACK_PRESSURED, result, "after " + published + " messages");
            assertTrue(published > 5, published + " published before back pressure");
            link.drain(0);
            // The driver raises the publisher's limit on its next duty cycle after the subscriber
            // moved: publishing succeeds within the deadline, retried on back pressure.
            link.send(message);
            link.drain(0);
            assertEquals(List.of(), link.mismatches);
            assertEquals(published + 1, link.received);
        }
    }

    static Stream<String> transports() {
        return Stream.of("ipc", "udp");
    }

    @Test
    void withoutASubscriberPublishingReportsNotConnectedAndThrowsNothing() {
        try (var publication = AERON.aeron.addExclusivePublication("aeron:ipc", 7)) {
            WirePublication out = WirePublication.of(publication, WireType.RAW, AeronMessageTypes.of(TYPES));
            assertEquals(PublishResult.NOT_CONNECTED, out.publish(Order.sample()));
            assertEquals(PublishResult.NOT_CONNECTED, out.publish(Order.sample()), "also once the claim length is known");
        }
    }

    @ParameterizedTest(name = "over {0}")
    @MethodSource("transports")
    void aMessageLongerThanAFrameIsOfferedInFragmentsAndReassembled(String transport) {
        AeronMessageTypes types = AeronMessageTypes.of(NEWER_QUOTES);
        try (Link link = new Link(AERON, channel(transport), WireType.NUMBERED, types, types)) {
            String longVenue = "V".repeat(5000);
            link.send(new QuoteWithVenue("EURUSD", 1.1, 1.2, "XLON"));
            link.send(new QuoteWithVenue("EURUSD", 1.1, 1.2, longVenue));
            link.send(new QuoteWithVenue("EURUSD", 1.3, 1.4, "XPAR"));
            link.drain(0);
            assertEquals(List.of(), link.mismatches);
            assertEquals(3, link.received);
        }
    }

    @Test
    void theFirstMessageOfATypeIsOfferedAtItsLengthAndTheNextAreClaimedInPlaceToTheEndOfTheirAlignedFrame() {
        AeronMessageTypes types = AeronMessageTypes.of(TYPES);
        try (Link link = new Link(AERON, "aeron:ipc", WireType.RAW, types, types)) {
            List<Integer> lengths = new ArrayList<>();
            Runnable poll = () -> link.subscription.poll((buffer, offset, length, header) -> {
                lengths.add(length);
                link.in.onFragment(buffer, offset, length, header);
            }, 16);
            Quote quote = new Quote("EURUSD", 1.1, 1.2);
            for (int i = 0; i < 3; i++) {
                link.expected.add(quote);
                Pump.publish(link.out, poll, quote);
            }
            Pump.pollUntil(() -> lengths.size() == 3, poll, "three quotes");
            int exact = lengths.get(0);
            int aligned = ((exact + 32 + 31) & -32) - 32;
            assertEquals(List.of(exact, aligned, aligned), lengths, "Aeron's data header is 32 bytes, frames align to 32");
            assertTrue(aligned > exact, "this quote's frame has room to spare: " + exact);
            assertEquals(List.of(), link.mismatches);
            assertEquals(3, link.received);
        }
    }

    @Test
    void aTypeThatOnceNeededMoreThanAFrameIsCopiedFromThenOnSoNoClaimIsAbortedForIt() {
        AeronMessageTypes types = AeronMessageTypes.of(NEWER_QUOTES);
        try (Link link = new Link(AERON, "aeron:ipc", WireType.BINARY, types, types)) {
            List<Integer> lengths = new ArrayList<>();
            FragmentAssembler assembler = new FragmentAssembler((buffer, offset, length, header) -> {
                lengths.add(length);
                link.in.onFragment(buffer, offset, length, header);
            });
            Runnable poll = () -> link.subscription.poll(assembler, 16);
            QuoteWithVenue small = new QuoteWithVenue("EURUSD", 1.1, 1.2, "XLON");
            QuoteWithVenue large = new QuoteWithVenue("EURUSD", 1.1, 1.2, "V".repeat(3000));
            for (QuoteWithVenue quote : List.of(small, small, large, small, small)) {
                link.expected.add(quote);
                Pump.publish(link.out, poll, quote);
            }
            Pump.pollUntil(() -> lengths.size() == 5, poll, "five quotes");
            int exact = lengths.get(0);
            int claimed = ((exact + 32 + 31) & -32) - 32;
            assertEquals(List.of(exact, claimed, lengths.get(2), exact, exact), lengths,
                    "offered, claimed, offered in fragments, then offered at the exact length");
            assertTrue(lengths.get(2) > link.publication.maxPayloadLength(), lengths.toString());
            assertEquals(List.of(), link.mismatches);
        }
    }

    @Test
    void aMessageThatOutgrowsItsTypesClaimIsOfferedInsteadAndArrivesIntact() {
        AeronMessageTypes types = AeronMessageTypes.of(TYPES);
        try (Link link = new Link(AERON, "aeron:ipc", WireType.RAW, types, types)) {
            for (int length = 1; length < 600; length += 37) {
                link.send(new Quote("S".repeat(length), length, -length));
                link.send(new Quote("s", 1, 2));
            }
            link.drain(0);
            assertEquals(List.of(), link.mismatches);
            assertEquals(List.of(), link.badMessages);
        }
    }

    @Test
    void aMessageLargerThanThePublicationsMaximumIsAnIllegalArgumentAndNothingIsPublished() {
        AeronMessageTypes types = AeronMessageTypes.of(NEWER_QUOTES);
        try (Link link = new Link(AERON, "aeron:ipc", WireType.BINARY, types, types)) {
            int max = link.publication.maxMessageLength();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> link.out.publish(new QuoteWithVenue("EURUSD", 1, 2, "V".repeat(max))));
            assertTrue(e.getMessage().contains("max message length of " + max), e.getMessage());
            link.send(new QuoteWithVenue("EURUSD", 1, 2, "XLON"));
            link.drain(0);
            assertEquals(1, link.received);
            assertEquals(List.of(), link.mismatches);
        }
    }

    @Test
    void anUnregisteredTypeIsAnIllegalArgument() {
        try (var publication = AERON.aeron.addExclusivePublication("aeron:ipc", 8)) {
            WirePublication out = WirePublication.of(publication, WireType.RAW, AeronMessageTypes.of(NEWER_QUOTES));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> out.publish(new Party()));
            assertTrue(e.getMessage().contains("is not a registered message type"), e.getMessage());
        }
    }
}
