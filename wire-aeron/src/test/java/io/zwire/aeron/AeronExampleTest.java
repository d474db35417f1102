package io.zwire.aeron;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/transports.md's Aeron example (and any the README shows), run: each line of those pages' Java blocks is a line here. */
class AeronExampleTest {
    @RegisterExtension
    static final EmbeddedAeron AERON = new EmbeddedAeron();

    private final List<Order> handled = new ArrayList<>();
    private final List<WireException> problems = new ArrayList<>();

    private void handle(Order order) {
        handled.add(order);
    }

    @Test
    void theDocumentedExamplePublishesAndReadsAnOrder() {
        Aeron aeron = AERON.aeron;
        TypeRegistry registry = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
        Order order = Order.sample();
        AeronMessageTypes types = AeronMessageTypes.of(registry);   // type ids from the aliases, schema fingerprints
        WireSubscriber in = WireSubscriber.of(types, (message, header) -> handle((Order) message),
                (problem, header) -> problems.add(problem));        // a bad message: reported, polling goes on
        Subscription subscription = aeron.addSubscription("aeron:ipc", 10, null, in);   // in frees a gone publisher's buffer
        try (subscription) {
            WirePublication out = WirePublication.of(aeron.addExclusivePublication("aeron:ipc", 10), WireType.RAW, types);
            Pump.awaitConnected(out.publication(), subscription);
            Pump.publish(out, () -> { }, order);
            PublishResult result = out.publish(order);                  // PUBLISHED, or BACK_PRESSURED, NOT_CONNECTED, ...
            assertTrue(result == PublishResult.PUBLISHED || result.isRetryable(), result.toString());
            int expected = result == PublishResult.PUBLISHED ? 2 : 1;
            Pump.pollUntil(() -> handled.size() == expected, () -> {
                in.poll(subscription, 10);                              // reads in place into one reused Order
            }, "the example's orders");
            assertEquals(order, handled.get(0));
            assertEquals(List.of(), problems);
            out.publication().close();
        }
    }

    /** Every line of the Java blocks in the pages' Aeron sections, stripped of comments, is a line of this file. */
    @Test
    void theDocumentedLinesAreLinesOfThisTest() throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/zwire/aeron/AeronExampleTest.java"));
        List<String> ours = new ArrayList<>();
        for (String line : source.split("\n")) {
            ours.add(code(line));
        }
        int checked = 0;
        for (Path page : List.of(Path.of("../README.md"), Path.of("../docs/transports.md"))) {
            for (String line : aeronJavaLines(Files.readString(page))) {
                assertTrue(ours.contains(code(line)), page + " shows a line this test does not run: " + line);
                checked++;
            }
        }
        assertFalse(checked < 6, "docs/transports.md shows the Aeron example: " + checked + " lines");
    }

    private static String code(String line) {
        int comment = line.indexOf("//");
        return (comment < 0 ? line : line.substring(0, comment)).strip();
    }

    /** The lines of the Java blocks under the heading that names Aeron, up to the next heading of its level. */
    private static List<String> aeronJavaLines(String page) {
        List<String> lines = new ArrayList<>();
        String level = null;
        boolean fenced = false;
        boolean java = false;
        for (String line : page.split("\n")) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                java = fenced && line.startsWith("```java");
            } else if (!fenced && line.startsWith("#")) {
                String hashes = line.substring(0, line.indexOf(' '));
                if (level != null && hashes.length() <= level.length()) {
                    level = null;
                }
                if (level == null && line.contains("Aeron")) {
                    level = hashes;
                }
            } else if (level != null && java && !code(line).isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }
}
