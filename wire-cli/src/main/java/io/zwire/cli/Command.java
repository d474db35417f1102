package io.zwire.cli;

import java.util.List;

/** One {@code zwire} subcommand. */
public interface Command {
    /** Exit status: success. */
    int OK = 0;
    /** Exit status: the command ran and found a problem (garbage, a failed conversion, a bad copy). */
    int FAILED = 1;
    /** Exit status: the command line is wrong. */
    int USAGE = 2;

    /** The name typed after {@code zwire}. */
    String name();

    /** One line for the command list. */
    String summary();

    /** The synopsis line(s) after {@code usage: }, without the options. */
    String synopsis();

    /** Paragraphs shown after the options in {@code --help}: defaults, exit statuses, examples. */
    String details();

    /** The options it accepts ({@code --help} is implicit). */
    List<Option> options();

    /** {@return how many positional arguments it takes, such as {@code zwire journal dump PATH}: none by default} */
    default int maxOperands() {
        return 0;
    }

    /**
     * Runs the command. Blocks; writes its results to {@code console}.
     *
     * @return the exit status
     * @throws UsageException if the arguments are wrong in a way parsing could not see
     */
    int run(Arguments arguments, Console console) throws UsageException;
}
