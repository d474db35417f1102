package io.zwire.yaml.conformance;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.yaml.parse.EventFormatter;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The yaml-test-suite, every case: a case marked {@code error} must be rejected with a
 * {@link WireException} (by the parser and by the plain-value reader); every other case must
 * parse to exactly the suite's event stream ({@code test.event}), and where it has
 * {@code in.json}, read through {@link Wire#readValue} to the same values, document by document.
 * No case may take more than a few seconds. Cases we knowingly do not support are listed in
 * {@link #UNSUPPORTED} with the reason; the test fails if one of them starts passing.
 */
class YamlTestSuiteTest {
    /** Case id to the reason it is not supported. Empty: every case passes. */
    static final Map<String, String> UNSUPPORTED = Map.of();

    @Test
    void everyCase() throws Exception {
        Path cases = ConformanceData.root().resolve("yaml-test-suite/cases");
        List<Path> dirs;
        try (Stream<Path> list = Files.list(cases)) {
            dirs = list.filter(Files::isDirectory).sorted().toList();
        }
        Map<String, String> failures = new TreeMap<>();
        int errorsRejected = 0;
        int eventsMatched = 0;
        int jsonMatched = 0;
        int jsonCases = 0;
        for (Path dir : dirs) {
            String id = dir.getFileName().toString();
            byte[] yaml = Files.readAllBytes(dir.resolve("in.yaml"));
            String failure;
            if (Files.exists(dir.resolve("error"))) {
                failure = within(() -> rejected(yaml));
                if (failure == null) {
                    errorsRejected++;
                }
            } else {
                String expectedEvents = Files.readString(dir.resolve("test.event"));
                failure = within(() -> {
                    String events = EventFormatter.events(yaml);
                    return expectedEvents.equals(events) ? null : "events differ:\n" + expectedEvents + "---\n" + events;
                });
                if (failure == null) {
                    eventsMatched++;
                }
                Path json = dir.resolve("in.json");
                if (Files.exists(json)) {
                    jsonCases++;
                    String jsonFailure = within(() -> sameValues(yaml, Files.readAllBytes(json)));
                    if (jsonFailure == null) {
                        jsonMatched++;
                    } else {
                        failure = failure == null ? jsonFailure : failure + "\n" + jsonFailure;
                    }
                }
            }
            if (failure != null) {
                failures.put(id, failure);
            }
        }
        int valid = dirs.size() - (int) dirs.stream().filter(d -> Files.exists(d.resolve("error"))).count();
        System.out.printf("yaml-test-suite: %d cases; %d of %d error cases rejected; %d of %d valid cases with the"
                        + " expected events; %d of %d in.json cases read to equal values; %d knowingly unsupported%n",
                dirs.size(), errorsRejected, dirs.size() - valid, eventsMatched, valid, jsonMatched, jsonCases,
                UNSUPPORTED.size());
        failures.forEach((id, why) -> System.out.println("yaml-test-suite " + id + ": " + why));
        List<String> nowPassing = new ArrayList<>(UNSUPPORTED.keySet());
        nowPassing.removeAll(failures.keySet());
        assertTrue(nowPassing.isEmpty(), () -> "cases listed as unsupported now pass; remove them from the list: " + nowPassing);
        Map<String, String> unexpected = new TreeMap<>(failures);
        unexpected.keySet().removeAll(UNSUPPORTED.keySet());
        assertEquals(Map.of(), unexpected, "yaml-test-suite cases that fail");
    }

    private interface Check {
        String run() throws Exception;
    }

    /** Runs a check with a time limit; a hang, a crash or an unexpected exception is a failure. */
    private static String within(Check check) {
        try {
            return assertTimeoutPreemptively(Duration.ofSeconds(10), check::run);
        } catch (Throwable t) {
            return "unexpected " + t;
        }
    }

    private static String rejected(byte[] yaml) {
        String events;
        try {
            events = EventFormatter.events(yaml);
        } catch (WireException expected) {
            events = null;
        }
        if (events != null) {
            return "accepted by the parser:\n" + events;
        }
        Wire wire = WireType.YAML.apply(Bytes.wrap(yaml));
        try {
            while (wire.readValue(value -> { })) {
                // read every document up to the bad one
            }
        } catch (WireException expected) {
            return null;
        }
        return "accepted by readValue";
    }

    private static String sameValues(byte[] yaml, byte[] json) throws Exception {
        List<Object> expected = new ArrayList<>();
        for (Object document : JsonValues.readAll(json)) {
            expected.add(JsonValues.normalize(document));
        }
        List<Object> actual = new ArrayList<>();
        Wire wire = WireType.YAML.apply(Bytes.wrap(yaml));
        while (wire.readValue(value -> actual.add(JsonValues.normalize(value)))) {
            // collect every document
        }
        return JsonValues.same(expected, actual) ? null : "values differ: in.json " + expected + ", read " + actual;
    }
}
