package io.zwire.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which build a measurement is of: the commit of the git checkout the command runs in, with its
 * date, so a table of figures says plainly how old it is. Asks {@code git}; outside a checkout, or
 * without git, the build is {@value #UNKNOWN}.
 */
public final class BuildInfo {
    /** What {@link #describe} says when it cannot tell. */
    public static final String UNKNOWN = "unknown (not run in a git checkout)";
    private static final long GIT_TIMEOUT_SECONDS = 10;

    private BuildInfo() {
    }

    /**
     * {@return the commit checked out in {@code directory}, e.g. {@code 380c38b (2026-11-29)},
     * followed by {@code , with uncommitted changes to the code} when files other than the
     * Markdown pages differ from it} Blocks while git runs; allocates.
     */
    public static String describe(Path directory) {
        String commit = git(directory, "log", "-1", "--format=%h (%cs)");
        if (commit == null || commit.isEmpty()) {
            return UNKNOWN;
        }
        String changed = git(directory, "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)*.md");
        return changed == null || changed.isEmpty() ? commit : commit + ", with uncommitted changes to the code";
    }

    private static String git(Path directory, String... arguments) {
        List<String> command = new ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (!process.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? output : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
