package io.zwire.test.harness;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@link GarbageProbe}'s standard output, in which the JVM's {@code -Xlog:gc} lines
 * (unified logging, decorations {@code uptime,level,tags}) are interleaved with the probe's
 * markers, and counts the collections logged between the start and end markers.
 *
 * <p>Strict on purpose: the collection the probe forces before its start marker must appear as a
 * {@code Pause Full (System.gc())} line, and every collection logged between the markers must be a
 * young or full pause. Anything else is a {@link GcLogException}, because a log the parser cannot
 * read would otherwise count as zero collections: garbage-free code that was never measured.
 */
public final class GcLogParser {
    /** {@code [1.234s][info][gc] GC(7) Pause Young (Allocation Failure) 10M->1M(62M) 0.25ms}. */
    private static final Pattern GC_EVENT = Pattern.compile("^\\[[^]]*]\\[\\w+\\s*]\\[gc\\s*] GC\\((\\d+)\\) (.*)$");
    private static final Pattern FORCED_FULL = Pattern.compile("^Pause Full \\(System\\.gc\\(\\)\\).*");
    private static final Pattern YOUNG = Pattern.compile("^Pause Young \\(.*");
    private static final Pattern FULL = Pattern.compile("^Pause Full \\(.*");

    private GcLogParser() {
    }

    /**
     * Parses a probe's whole output. Allocates.
     *
     * @throws GcLogException if the probe reported an error, a marker or the forced collection is
     *                        missing, or a collection between the markers is of an unknown kind
     */
    public static ProbeReport parse(List<String> lines) {
        int ready = -1;
        int forcing = -1;
        int start = -1;
        int end = -1;
        int result = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith(GarbageProbe.ERROR)) {
                throw new GcLogException("the probe failed: " + line.substring(GarbageProbe.ERROR.length()).trim());
            } else if (ready < 0 && line.startsWith(GarbageProbe.READY)) {
                ready = i;
            } else if (ready >= 0 && forcing < 0 && line.equals(GarbageProbe.FORCING_GC)) {
                forcing = i;
            } else if (forcing >= 0 && start < 0 && line.equals(GarbageProbe.START)) {
                start = i;
            } else if (start >= 0 && end < 0 && line.equals(GarbageProbe.END)) {
                end = i;
            } else if (end >= 0 && result < 0 && line.startsWith(GarbageProbe.RESULT)) {
                result = i;
            }
        }
        if (result < 0) {
            throw new GcLogException("the probe output lacks its markers (ready, forcing-gc, start, end, result in that"
                    + " order); found " + (ready < 0 ? "none" : forcing < 0 ? "ready only" : start < 0 ? "up to forcing-gc"
                    : end < 0 ? "up to start" : "up to end") + " in " + lines.size() + " lines"
                    + (ready < 0 && !lines.isEmpty() ? ", beginning: " + String.join(" | ", lines.subList(0,
                    Math.min(3, lines.size()))) : ""));
        }
        requireForcedCollection(lines, forcing, start);
        int young = 0;
        int full = 0;
        for (int i = start + 1; i < end; i++) {
            Matcher event = GC_EVENT.matcher(lines.get(i));
            if (!event.matches()) {
                continue; // not a collection: JVM warnings and other output do not count
            }
            String what = event.group(2);
            if (YOUNG.matcher(what).matches()) {
                young++;
            } else if (FULL.matcher(what).matches()) {
                full++;
            } else {
                throw new GcLogException("unknown collection in the measured phase: '" + lines.get(i) + "'");
            }
        }
        Map<String, String> readyFields = fields(lines.get(ready), GarbageProbe.READY);
        Map<String, String> measured = fields(lines.get(result), GarbageProbe.RESULT);
        long roundTrips = number(measured, "roundTrips", lines.get(result));
        if (roundTrips <= 0) {
            throw new GcLogException("the probe measured no round trips: '" + lines.get(result) + "'");
        }
        return new ProbeReport(text(readyFields, "java", lines.get(ready)), number(readyFields, "eden", lines.get(ready)),
                (int) number(readyFields, "document", lines.get(ready)), roundTrips, young, full,
                number(measured, "allocatedBytes", lines.get(result)), number(measured, "nanos", lines.get(result)));
    }

    private static void requireForcedCollection(List<String> lines, int forcing, int start) {
        for (int i = forcing + 1; i < start; i++) {
            Matcher event = GC_EVENT.matcher(lines.get(i));
            if (event.matches() && FORCED_FULL.matcher(event.group(2)).matches()) {
                return;
            }
        }
        throw new GcLogException("no 'Pause Full (System.gc())' line between the forcing-gc and start markers: the GC"
                + " log is not on standard output with -Xlog:gc:stdout:uptime,level,tags, or its format is unknown;"
                + " collections cannot be counted");
    }

    private static Map<String, String> fields(String line, String marker) {
        Map<String, String> fields = new HashMap<>();
        for (String pair : line.substring(marker.length()).trim().split("\\s+")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                fields.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return fields;
    }

    private static String text(Map<String, String> fields, String key, String line) {
        String value = fields.get(key);
        if (value == null || value.isEmpty()) {
            throw new GcLogException("no " + key + "= in '" + line + "'");
        }
        return value;
    }

    private static long number(Map<String, String> fields, String key, String line) {
        String value = text(fields, key, line);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new GcLogException("'" + value + "' is not a number for " + key + "= in '" + line + "'");
        }
    }
}
