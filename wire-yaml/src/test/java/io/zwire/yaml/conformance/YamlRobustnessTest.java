package io.zwire.yaml.conformance;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.yaml.parse.EventFormatter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Every yaml-test-suite input cut at every byte, and randomly corrupted, through the parser, the
 * plain-value reader and the typed reader: the only failure allowed is a {@link WireException},
 * with a position inside the input; nothing may hang, overflow the stack or run out of memory.
 */
class YamlRobustnessTest {
    private static List<byte[]> inputs() throws Exception {
        Path cases = ConformanceData.root().resolve("yaml-test-suite/cases");
        List<byte[]> inputs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(cases)) {
            for (Path dir : dirs.sorted().toList()) {
                inputs.add(Files.readAllBytes(dir.resolve("in.yaml")));
            }
        }
        return inputs;
    }

    /** Reads {@code yaml} every way; returns a description of any failure that is not a WireException. */
    private static String readEveryWay(byte[] yaml) {
        try {
            EventFormatter.events(yaml);
        } catch (WireException e) {
            if (e.offset() < 0 || e.offset() > yaml.length || e.line() < 1 || e.column() < 1) {
                return "a WireException without a position in the input: " + e.getMessage();
            }
        } catch (RuntimeException | Error e) {
            return "the parser threw " + e;
        }
        try {
            Wire wire = WireType.YAML.apply(Bytes.wrap(yaml));
            for (int documents = 0; documents < 1000; documents++) {
                try {
                    if (!wire.readValue(value -> { })) {
                        break;
                    }
                } catch (WireException expected) {
                    // the wire carries on with the next document
                }
            }
            Wire typed = WireType.YAML.apply(Bytes.wrap(yaml));
            for (int documents = 0; documents < 1000; documents++) {
                try {
                    if (!typed.readDocument(new AllTypes())) {
                        break;
                    }
                } catch (WireException expected) {
                    // as above
                }
            }
        } catch (RuntimeException | Error e) {
            return "a wire threw " + e;
        }
        return null;
    }

    @Test
    void everyPrefixOfEveryCase() throws Exception {
        List<byte[]> inputs = inputs();
        List<String> failures = new ArrayList<>();
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            int checked = 0;
            for (byte[] input : inputs) {
                for (int length = 0; length <= input.length; length++) {
                    byte[] prefix = Arrays.copyOf(input, length);
                    String failure = readEveryWay(prefix);
                    checked++;
                    if (failure != null) {
                        failures.add(failure + " on " + new String(prefix, java.nio.charset.StandardCharsets.UTF_8));
                    }
                }
            }
            System.out.println("yaml-test-suite prefixes read every way: " + checked);
        });
        assertEquals(List.of(), failures);
    }

    @Test
    void randomCorruptionOfEveryCase() throws Exception {
        assertRandomCorruptionOfEveryCaseIsRefusedOrRead(10);
    }

    @Test
    @Tag("long")
    void fortyRandomCorruptionsOfEveryCase() throws Exception {
        assertRandomCorruptionOfEveryCaseIsRefusedOrRead(40);
    }

    private static void assertRandomCorruptionOfEveryCaseIsRefusedOrRead(int corruptionsPerCase) throws Exception {
        List<byte[]> inputs = inputs();
        List<String> failures = new ArrayList<>();
        Random random = new Random(20251121);
        byte[] interesting = " \t\n\r-?:,[]{}#&*!|>'\"%@`\\.0a\u00ff".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (byte[] input : inputs) {
                if (input.length == 0) {
                    continue;
                }
                for (int round = 0; round < corruptionsPerCase; round++) {
                    byte[] corrupt = input.clone();
                    for (int k = random.nextInt(3); k >= 0; k--) {
                        corrupt[random.nextInt(corrupt.length)] = random.nextBoolean()
                                ? interesting[random.nextInt(interesting.length)] : (byte) random.nextInt(256);
                    }
                    String failure = readEveryWay(corrupt);
                    if (failure != null) {
                        failures.add(failure + " on " + new String(corrupt, java.nio.charset.StandardCharsets.UTF_8));
                    }
                }
            }
        });
        assertEquals(List.of(), failures);
    }
}
