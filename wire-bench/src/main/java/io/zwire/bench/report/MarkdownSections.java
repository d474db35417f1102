package io.zwire.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps several generated reports in one Markdown file: each lives between
 * {@code <!-- zwire:NAME:begin -->} and {@code <!-- zwire:NAME:end -->}, and regenerating one
 * replaces only its own section, so {@code zwire bench} and {@code zwire sessions} can both write
 * {@code docs/benchmarks.md}.
 */
public final class MarkdownSections {
    private MarkdownSections() {
    }

    /** {@code document} with the section {@code name} set to {@code content} (appended if absent). */
    public static String replace(String document, String name, String content) {
        String begin = "<!-- zwire:" + name + ":begin -->";
        String end = "<!-- zwire:" + name + ":end -->";
        String section = begin + "\n" + content.strip() + "\n" + end;
        int from = document.indexOf(begin);
        int to = document.indexOf(end);
        if (from < 0 || to < from) {
            return document.isBlank() ? section + "\n" : document.stripTrailing() + "\n\n" + section + "\n";
        }
        return document.substring(0, from) + section + document.substring(to + end.length());
    }

    /**
     * Replaces the section in {@code file}, creating the file if needed.
     *
     * @throws IOException if the file cannot be read or written
     */
    public static void replace(Path file, String name, String content) throws IOException {
        String document = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        Files.writeString(file, replace(document, name, content), StandardCharsets.UTF_8);
    }
}
