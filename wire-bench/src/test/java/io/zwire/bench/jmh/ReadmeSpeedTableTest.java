package io.zwire.bench.jmh;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's speed table and docs/benchmarks.md are one run: the table names the build, date,
 * machine and command the report's header gives, that command is the one the README tells users
 * to run, and every cell is the report's figure for the same workload and format on the first JDK.
 * A hand edit of either page, or regenerating one without the other, fails here.
 */
class ReadmeSpeedTableTest {
    static final String COMMAND = "java -jar wire-bench/target/zwire-bench.jar bench --markdown docs/benchmarks.md --readme README.md";

    private static String section(Path page, String name) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int begin = text.indexOf("<!-- zwire:" + name + ":begin -->");
        int end = text.indexOf("<!-- zwire:" + name + ":end -->");
        assertTrue(begin >= 0 && end > begin, page + " has the generated section " + name);
        return text.substring(begin, end);
    }

    private static String header(String report, String key) {
        Matcher m = Pattern.compile("^- " + key + ": (.*)$", Pattern.MULTILINE).matcher(report);
        assertTrue(m.find(), "docs/benchmarks.md's header gives the " + key);
        return m.group(1);
    }

    @Test
    void theReadmeTableIsTheReportsFirstJdkFromTheSameRun() throws IOException {
        String readme = section(Path.of("../README.md"), SpeedTable.SECTION);
        String report = section(Path.of("../docs/benchmarks.md"), "codecs");
        assertEquals("`" + COMMAND + "`", header(report, "command"), "the report was made by the README's command");
        String build = header(report, "build");
        assertTrue(!build.startsWith("unknown") && !build.contains("uncommitted"), "a committed build: " + build);
        for (String key : List.of("build", "date", "machine")) {
            assertTrue(readme.contains(header(report, key)), "the README table states the report's " + key);
        }
        assertTrue(readme.contains("`" + COMMAND + "`"), "the README names the command");
        String firstJdk = header(report, "JDK");
        String version = firstJdk.substring(0, firstJdk.indexOf(' '));
        assertTrue(readme.contains("on JDK " + version + ","), "the README table is of the first JDK, " + version);

        int codecTable = report.indexOf("## JDK " + version + ": encode, decode, round trip");
        assertTrue(codecTable >= 0, "the report has the codec table of JDK " + version);
        String codecs = report.substring(codecTable, report.indexOf("\n\n", report.indexOf("|---", codecTable)));
        Matcher rows = Pattern.compile("^\\| (.+?) \\| ([^|]+) \\| ([^|]+) \\| (\\S+) \\| ([^|]+) \\| ([^|]+) \\|$",
                Pattern.MULTILINE).matcher(readme);
        int checked = 0;
        while (rows.find()) {
            if (rows.group(1).equals("format") || rows.group(1).startsWith("---")) {
                continue;
            }
            String codec = codecNamed(rows.group(1));
            assertCell(codecs, "ORDER", codec, rows.group(2), rows.group(3));
            assertCell(codecs, "INTS14", codec, rows.group(5), rows.group(6));
            assertTrue(sizesRow(report).contains(" " + rows.group(4) + " "), rows.group(1) + "'s size " + rows.group(4));
            checked++;
        }
        Matcher orderRows = Pattern.compile("^\\| ORDER \\| ", Pattern.MULTILINE).matcher(codecs);
        long formats = orderRows.results().count();
        assertEquals(formats, checked, "every format of the report's run is in the README table");
    }

    /** The report's codec name behind a README label. */
    private static String codecNamed(String label) {
        for (String codec : io.zwire.bench.codec.Codecs.names()) {
            if (SpeedTable.label(codec).equals(label)) {
                return codec;
            }
        }
        throw new AssertionError("no codec is labelled " + label);
    }

    /** The README's round-trip nanoseconds and B/op agree with the report's row (round trip is the third time). */
    private static void assertCell(String codecs, String workload, String codec, String nanos, String bytes) {
        Matcher row = Pattern.compile("^\\| " + workload + " \\| " + Pattern.quote(io.zwire.bench.codec.Codecs.label(codec))
                + " \\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|$", Pattern.MULTILINE).matcher(codecs);
        assertTrue(row.find(), "the report has " + workload + " " + codec);
        double reported = number(row.group(3).split("±")[0]);
        double shown = number(nanos);
        assertTrue(Math.abs(reported - shown) <= (reported >= 100 ? 0.55 : 1e-9), workload + " " + codec + ": README "
                + shown + " ns, report " + reported);
        assertEquals(row.group(6).trim(), bytes.trim(), workload + " " + codec + " B/op");
    }

    private static String sizesRow(String report) {
        Matcher m = Pattern.compile("^\\| ORDER \\|.*$", Pattern.MULTILINE).matcher(report);
        assertTrue(m.find(), "the report has the ORDER sizes");
        return m.group();
    }

    private static double number(String text) {
        return Double.parseDouble(text.replace(",", "").trim());
    }
}
