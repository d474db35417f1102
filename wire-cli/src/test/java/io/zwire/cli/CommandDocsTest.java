package io.zwire.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pages that document {@code zwire serve}, {@code send} and {@code convert} name every option each takes. */
class CommandDocsTest {
    private static final Map<String, Path> PAGES = Map.of("serve", Path.of("../docs/sessions.md"),
            "send", Path.of("../docs/sessions.md"), "convert", Path.of("../docs/conversion.md"));

    @Test
    void everyOptionOfServeSendAndConvertIsNamedInItsPage() throws IOException {
        for (Command command : Zwire.commands()) {
            Path page = PAGES.get(command.name());
            if (page == null) {
                continue;
            }
            String text = Files.readString(page);
            for (Option option : command.options()) {
                assertTrue(Pattern.compile("--" + Pattern.quote(option.name()) + "(?![\\w-])").matcher(text).find(),
                        () -> page + " does not name zwire " + command.name() + " --" + option.name());
            }
        }
    }
}
