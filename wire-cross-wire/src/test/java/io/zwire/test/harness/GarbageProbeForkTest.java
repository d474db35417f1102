package io.zwire.test.harness;

import io.zwire.WireType;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.Ints14;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness end to end: real forked JVMs, real GC logs, short runs. */
class GarbageProbeForkTest {
    private static final String CLASS_PATH = System.getProperty("java.class.path");
    private final ProbeLauncher launcher = new ProbeLauncher(CLASS_PATH, 120);

    @Test
    void reportsGarbageForATypeThatBoxes() {
        ProbeReport report = launcher.run(JdkLocator.current(), BoxingOrder.class.getName(), WireType.RAW, 200_000, 1_500_000);
        // Two Longs a round trip, 16 bytes each at least, over 1.5 M round trips: several Edens of 10 MiB.
        assertTrue(report.youngGcs() > 0, "young GCs: " + report);
        assertTrue(report.exactBytesPerRoundTrip() >= 32, "exact bytes: " + report);
        assertEquals(report.exactBytesPerRoundTrip(), report.gcBytesPerRoundTrip(), report.exactBytesPerRoundTrip() * 0.25,
                "the two measures agree to within an Eden's rounding: " + report);
        GarbageResult result = GarbageResult.measured("BoxingOrder", WireType.RAW, JdkLocator.current(), report);
        assertEquals(GarbageResult.Verdict.GARBAGE, result.verdict(0.01));
    }

    @Test
    void reportsNothingForInts14OverRawOnThisJdk() {
        assertInts14OverRawIsClean(List.of(JdkLocator.current()));
    }

    @Test
    @Tag("long")
    void reportsNothingForInts14OverRawOnEveryJdkFound() {
        List<JavaRuntime> jdks = new ArrayList<>();
        jdks.add(JdkLocator.current());
        jdks.addAll(JdkLocator.siblingsOf(JdkLocator.current()));
        assertInts14OverRawIsClean(jdks);
    }

    private void assertInts14OverRawIsClean(List<JavaRuntime> jdks) {
        for (JavaRuntime jdk : jdks) {
            ProbeReport report = launcher.run(jdk, Ints14.class.getName(), WireType.RAW, 1_000_000, 2_000_000);
            assertEquals(0, report.youngGcs(), jdk + ": " + report);
            assertTrue(report.exactBytesPerRoundTrip() < 0.01, jdk + ": " + report);
            assertEquals(60, report.documentBytes());
            assertEquals(jdk.feature(), JdkLocator.feature(report.javaVersion()), "ran on the JDK asked for");
        }
    }

    @Test
    void aProbeWithoutAGcLogIsAnErrorNotAZero() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher.command(JdkLocator.current(), Ints14.class.getName(), WireType.RAW,
                1000, 10_000));
        command.removeIf(arg -> arg.startsWith("-Xlog"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, process.waitFor(), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("zwire-probe result")), "the probe itself ran: " + lines);
        assertThrows(GcLogException.class, () -> GcLogParser.parse(lines));
    }

    @Test
    void aTypeThatCannotBeLoadedFailsTheRunWithItsReason() {
        GcLogException e = assertThrows(GcLogException.class,
                () -> launcher.run(JdkLocator.current(), "com.example.Missing", WireType.RAW, 1, 1));
        assertTrue(e.getMessage().contains("com.example.Missing"), e.getMessage());
    }
}
