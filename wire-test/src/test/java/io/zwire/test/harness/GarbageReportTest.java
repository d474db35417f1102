package io.zwire.test.harness;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GarbageReportTest {
    private static final JavaRuntime JDK = new JavaRuntime(Path.of("/jdk"), "17.0.15", 17);
    private static final ProbeReport CLEAN = new ProbeReport("17.0.15", 10_485_760, 60, 10_000_000, 0, 0, 0, 850_000_000);
    private static final ProbeReport BOXING = new ProbeReport("17.0.15", 10_485_760, 27, 10_000_000, 46, 0, 480_000_000,
            900_000_000);

    @Test
    void verdicts() {
        assertEquals(GarbageResult.Verdict.CLEAN, GarbageResult.measured("A", WireType.RAW, JDK, CLEAN).verdict(0.01));
        assertEquals(GarbageResult.Verdict.GARBAGE, GarbageResult.measured("B", WireType.RAW, JDK, BOXING).verdict(0.01));
        assertEquals(GarbageResult.Verdict.ERROR, GarbageResult.failed("C", WireType.RAW, JDK, "boom").verdict(0.01));
        // A collection with a clean thread counter is still garbage: another thread of the probe allocated.
        ProbeReport collectedOnly = new ProbeReport("17", 10_485_760, 60, 10_000_000, 1, 0, 0, 1);
        assertEquals(GarbageResult.Verdict.GARBAGE, GarbageResult.measured("D", WireType.RAW, JDK, collectedOnly).verdict(0.01));
        // Within the threshold by the counter and no collection: clean.
        ProbeReport stray = new ProbeReport("17", 10_485_760, 60, 10_000_000, 0, 0, 4096, 1);
        assertEquals(GarbageResult.Verdict.CLEAN, GarbageResult.measured("E", WireType.RAW, JDK, stray).verdict(0.01));
    }

    @Test
    void aPairCleanOnlyThroughEscapeAnalysisIsFragileAndFailsUnlessAccepted() {
        assertEquals(GarbageResult.Verdict.CLEAN, GarbageResult.measured("A", WireType.RAW, JDK, CLEAN, CLEAN).verdict(0.01));
        GarbageResult fragile = GarbageResult.measured("F", WireType.RAW, JDK, CLEAN, BOXING);
        assertEquals(GarbageResult.Verdict.FRAGILE, fragile.verdict(0.01));
        assertFalse(fragile.passes(0.01, false));
        assertTrue(fragile.passes(0.01, true));
        assertEquals(GarbageResult.Verdict.GARBAGE, GarbageResult.measured("G", WireType.RAW, JDK, BOXING, BOXING).verdict(0.01));
        assertTrue(new GarbageReport(List.of(fragile), 0.01).anyGarbageOrError());
        assertFalse(new GarbageReport(List.of(fragile), 0.01, true).anyGarbageOrError());
        assertFalse(new GarbageReport(List.of(fragile), 0.01, true).anyError());
    }

    @Test
    void aCapturingTypeFailsUnmeasuredWithItsReport() {
        GarbageResult capturing = GarbageResult.capturing("Book", WireType.YAML, JDK, "Book: field seq (1) captures this");
        assertEquals(GarbageResult.Verdict.CAPTURING, capturing.verdict(0.01));
        GarbageReport report = new GarbageReport(List.of(capturing, capturing), 0.01, true);
        assertTrue(report.anyGarbageOrError(), "accepting fragile pairs does not accept capturing lambdas");
        String table = report.table();
        assertTrue(table.contains("lambdas that capture: Book: field seq (1) captures this"), table);
        assertEquals(1, table.split("lambdas that capture", -1).length - 1, "each type's report once: " + table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("Book ") && l.endsWith("CAPTURES")), table);
    }

    private static GarbageReport report() {
        return new GarbageReport(List.of(GarbageResult.measured("Ints14", WireType.RAW, JDK, CLEAN, CLEAN),
                GarbageResult.measured("BoxingOrder", WireType.RAW, JDK, BOXING, BOXING),
                GarbageResult.measured("Fragile", WireType.RAW, JDK, CLEAN, BOXING),
                GarbageResult.failed("Broken", WireType.RAW, JDK, "the probe failed: boom")), 0.01);
    }

    @Test
    void tableShowsBothMeasuresAndTheErrors() {
        String table = report().table();
        List<String> lines = table.lines().toList();
        assertTrue(lines.get(0).startsWith("type"), table);
        assertTrue(lines.get(1).matches("Ints14 +RAW +17\\.0\\.15 +60 +10,000,000 +0 +0\\.00 +0\\.0000 +0 +0\\.0000 +85\\.0 +ok"),
                lines.get(1));
        assertTrue(lines.get(2).matches(
                "BoxingOrder +RAW +17\\.0\\.15 +27 +10,000,000 +46 +48\\.23 +48\\.0000 +46 +48\\.0000 +90\\.0 +GARBAGE"),
                lines.get(2));
        assertTrue(lines.get(3).matches("Fragile +RAW .* +0\\.0000 +46 +48\\.0000 +85\\.0 +FRAGILE .*"), lines.get(3));
        assertTrue(lines.get(4).endsWith("ERROR"), lines.get(4));
        assertTrue(table.contains("error: Broken over RAW on 17.0.15: the probe failed: boom"), table);
        assertTrue(lines.stream().noneMatch(line -> line.endsWith(" ")), "no trailing blanks");
    }

    @Test
    void markdownIsATable() {
        String markdown = report().markdown();
        assertTrue(markdown.startsWith("|type|wire|JDK|"), markdown);
        assertTrue(markdown.contains("|BoxingOrder|RAW|17.0.15|27|10,000,000|46|48.23|48.0000|46|48.0000|90.0|GARBAGE|"),
                markdown);
        assertTrue(markdown.contains("- error: Broken"), markdown);
    }

    @Test
    void jsonIsParseableAndUnrounded() throws IOException {
        GarbageReport report = report();
        assertTrue(report.anyError());
        assertTrue(report.anyGarbageOrError());
        try (JsonParser json = new JsonFactory().createParser(report.json())) {
            int results = 0;
            boolean sawExact = false;
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME && json.currentName().equals("type")) {
                    results++;
                }
                if (json.currentToken() == JsonToken.FIELD_NAME && json.currentName().equals("exactBytesPerRoundTrip")) {
                    json.nextToken();
                    sawExact |= json.getDoubleValue() == 48.0;
                }
            }
            assertEquals(4, results);
            assertTrue(sawExact);
        }
        assertTrue(report.json().contains("\"noEscapeAnalysis\""), report.json());
        assertFalse(new GarbageReport(List.of(GarbageResult.measured("Ints14", WireType.RAW, JDK, CLEAN, CLEAN)), 0.01)
                .anyGarbageOrError());
    }
}
