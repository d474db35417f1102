package io.zwire.bench.cli;

import io.zwire.bench.report.MarkdownSections;
import io.zwire.cli.Arguments;
import io.zwire.cli.Command;
import io.zwire.cli.Console;
import io.zwire.cli.Option;

import java.io.IOException;
import java.nio.file.Path;

/** How the benchmark commands hand over a Markdown report: on stdout, and into a section of {@code --markdown FILE}. */
final class ReportOutput {
    /** {@code --markdown FILE}, which every command that delivers through {@link #deliver} declares. */
    static final Option MARKDOWN = Option.value("markdown", "FILE", "also write the report into a section of FILE");

    private ReportOutput() {
    }

    /** {@return the command line that reproduces this run, as the report quotes it} Allocates. */
    static String commandLine(String command, Arguments arguments) {
        StringBuilder text = new StringBuilder("java -jar wire-bench/target/zwire-bench.jar ").append(command);
        for (String arg : arguments.raw()) {
            text.append(' ').append(arg);
        }
        return text.toString();
    }

    /**
     * Prints {@code markdown} and, if {@link #MARKDOWN} was given, writes it into the section
     * {@code section} of FILE. Blocks on the file; allocates.
     *
     * @return {@link Command#OK}, or {@link Command#FAILED} if the file could not be written (said on stderr)
     */
    static int deliver(String command, String section, String markdown, Arguments arguments, Console console) {
        console.out().print(markdown);
        console.out().flush();
        String file = arguments.value(MARKDOWN.name(), null);
        if (file == null) {
            return Command.OK;
        }
        try {
            MarkdownSections.replace(Path.of(file), section, markdown);
            console.err().println("zwire " + command + ": report written to " + file);
            return Command.OK;
        } catch (IOException e) {
            console.err().println("zwire " + command + ": cannot write " + file + ": " + e);
            return Command.FAILED;
        }
    }
}
