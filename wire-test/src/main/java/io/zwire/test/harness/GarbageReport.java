package io.zwire.test.harness;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Formats harness results as an aligned text table, a Markdown table or JSON. Every format shows
 * both measures of both runs: the young collections counted in the GC log (each about one Eden,
 * so with 10 MiB and 10 million round trips about 1 byte per round trip) and the exact per-thread
 * byte count, as compiled and with escape analysis off.
 */
public final class GarbageReport {
    private static final String[] HEADER = {
        "type", "wire", "JDK", "doc B", "round trips", "young GCs", "B/rt (GCs)", "B/rt (exact)",
        "no EA: young GCs", "no EA: B/rt (exact)", "ns/rt", "result"};
    /** Columns aligned left: the names and the result; the figures between them align right. */
    private static final int LEFT_COLUMNS = 3;

    private final List<GarbageResult> results;
    private final double threshold;
    private final boolean acceptFragile;

    /**
     * A report that fails fragile results.
     *
     * @param results   the runs, in the order to show them
     * @param threshold bytes per round trip above which a run counts as producing garbage
     */
    public GarbageReport(List<GarbageResult> results, double threshold) {
        this(results, threshold, false);
    }

    /**
     * @param results       the runs, in the order to show them
     * @param threshold     bytes per round trip above which a run counts as producing garbage
     * @param acceptFragile true to pass results that are clean only through escape analysis
     */
    public GarbageReport(List<GarbageResult> results, double threshold, boolean acceptFragile) {
        this.results = List.copyOf(results);
        this.threshold = threshold;
        this.acceptFragile = acceptFragile;
    }

    /** True when any run failed: garbage, fragile (unless accepted), capturing lambdas, or no measurement. */
    public boolean anyGarbageOrError() {
        return results.stream().anyMatch(r -> !r.passes(threshold, acceptFragile));
    }

    /**
     * {@return the runs that failed by allocating: garbage, or fragile unless accepted} They are
     * the ones {@link AllocationDiagnosis} can say more about; a capturing or failed run has its
     * own report.
     */
    public List<GarbageResult> allocating() {
        return results.stream().filter(r -> !r.passes(threshold, acceptFragile)
                && (r.verdict(threshold) == GarbageResult.Verdict.GARBAGE
                || r.verdict(threshold) == GarbageResult.Verdict.FRAGILE)).toList();
    }

    /** True when any run failed to produce a measurement. */
    public boolean anyError() {
        return results.stream().anyMatch(r -> r.verdict(threshold) == GarbageResult.Verdict.ERROR);
    }

    private List<String[]> rows() {
        List<String[]> rows = new ArrayList<>();
        for (GarbageResult r : results) {
            ProbeReport p = r.compiled();
            ProbeReport s = r.strict();
            String result = r.verdict(threshold).label();
            rows.add(p == null
                    ? new String[] {r.type(), r.wire().name(), r.jdk().version(), "", "", "", "", "", "", "", "", result}
                    : new String[] {r.type(), r.wire().name(), r.jdk().version(), Integer.toString(p.documentBytes()),
                        String.format(Locale.ROOT, "%,d", p.roundTrips()), collections(p),
                        String.format(Locale.ROOT, "%.2f", p.gcBytesPerRoundTrip()),
                        String.format(Locale.ROOT, "%.4f", p.exactBytesPerRoundTrip()),
                        s == null ? "-" : collections(s),
                        s == null ? "-" : String.format(Locale.ROOT, "%.4f", s.exactBytesPerRoundTrip()),
                        String.format(Locale.ROOT, "%.1f", p.nanosPerRoundTrip()), result});
        }
        return rows;
    }

    private static String collections(ProbeReport p) {
        return p.fullGcs() == 0 ? Integer.toString(p.youngGcs()) : p.youngGcs() + " (+" + p.fullGcs() + " full)";
    }

    private List<String> errors() {
        List<String> errors = new ArrayList<>();
        Set<String> capturing = new LinkedHashSet<>();
        for (GarbageResult r : results) {
            if (r.error() != null) {
                errors.add("error: " + r.type() + " over " + r.wire() + " on " + r.jdk() + ": " + r.error());
            }
            if (r.capturing() != null) {
                capturing.add("lambdas that capture: " + r.capturing().strip().replace("\n", "\n    "));
            }
        }
        errors.addAll(capturing);
        return errors;
    }

    /** An aligned plain-text table, then one line per failed run. Allocates. */
    public String table() {
        List<String[]> rows = rows();
        int[] widths = new int[HEADER.length];
        for (int c = 0; c < HEADER.length; c++) {
            widths[c] = HEADER[c].length();
            for (String[] row : rows) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        appendAligned(out, HEADER, widths);
        for (String[] row : rows) {
            appendAligned(out, row, widths);
        }
        appendFooter(out, "");
        return out.toString();
    }

    private static void appendAligned(StringBuilder out, String[] cells, int[] widths) {
        for (int c = 0; c < cells.length; c++) {
            boolean left = c < LEFT_COLUMNS || c == cells.length - 1;
            String cell = cells[c];
            boolean last = c == cells.length - 1;
            String pad = last && left ? "" : " ".repeat(widths[c] - cell.length());
            out.append(left ? cell + pad : pad + cell).append(last ? "" : "  ");
        }
        out.append('\n');
    }

    private void appendFooter(StringBuilder out, String bullet) {
        out.append('\n').append(bullet).append(String.format(Locale.ROOT,
                "threshold: %s bytes per round trip (exact); any collection during the measurement also fails a run%n",
                threshold));
        out.append(bullet).append("each pair runs twice, in JVMs of its own: as compiled, and with -XX:-DoEscapeAnalysis"
                + " (no EA); ok = clean in both; FRAGILE = clean only through escape analysis, "
                + (acceptFragile ? "accepted (--accept-fragile)" : "a failure")).append('\n');
        for (String error : errors()) {
            out.append(bullet).append(error).append('\n');
        }
    }

    /** A Markdown table, then the threshold and the failed runs as a list. Allocates. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append('|').append(String.join("|", HEADER)).append("|\n|");
        for (int c = 0; c < HEADER.length; c++) {
            out.append(c < LEFT_COLUMNS || c == HEADER.length - 1 ? "---|" : "---:|");
        }
        out.append('\n');
        for (String[] row : rows()) {
            out.append('|').append(String.join("|", row)).append("|\n");
        }
        appendFooter(out, "- ");
        return out.toString();
    }

    /** One JSON object with the threshold and every run, measured figures unrounded. Allocates. */
    public String json() {
        JsonText json = new JsonText().beginObject(null)
                .field("thresholdBytesPerRoundTrip", threshold)
                .field("acceptFragile", acceptFragile)
                .beginArray("results");
        for (GarbageResult r : results) {
            json.beginObject(null)
                    .field("type", r.type())
                    .field("wire", r.wire().name())
                    .field("jdk", r.jdk().version())
                    .field("jdkHome", r.jdk().home().toString())
                    .field("result", r.verdict(threshold).name())
                    .field("error", r.error())
                    .field("capturing", r.capturing());
            probe(json, "asCompiled", r.compiled());
            probe(json, "noEscapeAnalysis", r.strict());
            json.endObject();
        }
        return json.endArray().endObject().toString();
    }

    private static void probe(JsonText json, String name, ProbeReport p) {
        if (p == null) {
            return;
        }
        json.beginObject(name)
                .field("documentBytes", p.documentBytes())
                .field("edenBytes", p.edenBytes())
                .field("roundTrips", p.roundTrips())
                .field("youngGcs", p.youngGcs())
                .field("fullGcs", p.fullGcs())
                .field("gcBytesPerRoundTrip", p.gcBytesPerRoundTrip())
                .field("allocatedBytes", p.allocatedBytes())
                .field("exactBytesPerRoundTrip", p.exactBytesPerRoundTrip())
                .field("nanosPerRoundTrip", p.nanosPerRoundTrip())
                .endObject();
    }
}
