package io.zwire.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session docs/journal.md shows under "The command line": its input file is written, each
 * {@code $ zwire journal ...} line is run in a temporary directory, and what each printed must be
 * the lines the page shows after it (times, which differ per run, and the directory aside).
 */
class JournalCommandDocsTest {
    private static final Path PAGE = Path.of("../docs/journal.md");
    private static final String INPUT_MARKER = "<!-- orders.yaml, written by JournalCommandDocsTest -->";
    private static final String SESSION_MARKER = "<!-- zwire journal session, run by JournalCommandDocsTest -->";
    private static final String PROMPT = "$ zwire ";
    private static final String TIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z";

    @TempDir
    Path directory;

    @Test
    void theSessionOnThePageRunsAndPrintsWhatThePageShows() throws IOException {
        List<String> page = Files.readAllLines(PAGE);
        Files.write(directory.resolve("orders.yaml"), blockAfter(page, INPUT_MARKER));
        List<String> session = blockAfter(page, SESSION_MARKER);
        int commands = 0;
        for (int i = 0; i < session.size(); ) {
            String command = session.get(i++);
            assertTrue(command.startsWith(PROMPT), "a command line: " + command);
            List<String> shown = new ArrayList<>();
            while (i < session.size() && !session.get(i).startsWith(PROMPT)) {
                shown.add(session.get(i++));
            }
            List<String> args = new ArrayList<>();
            for (String word : command.substring(PROMPT.length()).split(" +")) {
                args.add(word.startsWith("orders") ? directory.resolve(word).toString() : word);
            }
            ZwireRun run = ZwireRun.zwire(args.toArray(new String[0]));
            assertEquals(Command.OK, run.status(), command + ": " + run.err());
            assertEquals(normal(String.join("\n", shown) + "\n"), normal(run.out()), command);
            commands++;
        }
        assertTrue(commands >= 4, "the page runs append, dump, stats and a RAW dump; found " + commands + " commands");
    }

    private String normal(String text) {
        return text.replace(directory + "/", "").replaceAll(TIME, "TIME");
    }

    /** {@return the lines of the fenced block that follows {@code marker} on the page} */
    private static List<String> blockAfter(List<String> page, String marker) {
        int at = page.indexOf(marker);
        assertTrue(at >= 0 && page.get(at + 1).startsWith("```"), PAGE + " has no block after " + marker);
        List<String> lines = new ArrayList<>();
        for (int i = at + 2; !page.get(i).startsWith("```"); i++) {
            lines.add(page.get(i));
        }
        return lines;
    }
}
