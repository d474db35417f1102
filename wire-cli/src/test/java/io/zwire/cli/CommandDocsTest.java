package io.zwire.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command has a page, and every option of a command is named in a paragraph of that page
 * that names the command too, so an option of {@code send} named only where {@code serve} is
 * described (both live in docs/sessions.md) fails.
 */
class CommandDocsTest {
    private static final Map<String, Path> PAGES = Map.of(
            "serve", Path.of("../docs/sessions.md"), "send", Path.of("../docs/sessions.md"),
            "convert", Path.of("../docs/conversion.md"), "demo", Path.of("../docs/formats.md"),
            "journal", Path.of("../docs/journal.md"),
            "garbage", Path.of("../docs/garbage-testing.md"), "schema", Path.of("../docs/schemas.md"));

    @Test
    void everyOptionOfEveryCommandIsNamedWhereItsPageDescribesThatCommand() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Command command : Zwire.commands()) {
            Path page = PAGES.get(command.name());
            assertTrue(page != null, "no page documents zwire " + command.name());
            Pattern names = Pattern.compile("(?<![\\w-])" + Pattern.quote(command.name()) + "(?![\\w-])");
            List<String> paragraphs = new ArrayList<>();
            for (String paragraph : Files.readString(page).split("\n\\s*\n")) {
                if (names.matcher(paragraph).find()) {
                    paragraphs.add(paragraph);
                }
            }
            for (Option option : command.options()) {
                Pattern named = Pattern.compile("--" + Pattern.quote(option.name()) + "(?![\\w-])");
                if (paragraphs.stream().noneMatch(paragraph -> named.matcher(paragraph).find())) {
                    missing.add(page + ": zwire " + command.name() + " --" + option.name());
                }
            }
        }
        assertEquals(List.of(), missing, "options named in no paragraph that names their command");
    }
}
