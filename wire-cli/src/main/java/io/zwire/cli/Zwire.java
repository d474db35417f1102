package io.zwire.cli;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code zwire} command line: {@code demo}, {@code garbage}, {@code convert}, {@code serve},
 * {@code send}, {@code schema} and {@code journal}, each with {@code --help}; the benchmark suite's jar runs the same line with its
 * own commands added. Bad arguments print a one-line error and the usage,
 * and exit with status 2.
 */
public final class Zwire {
    private static final List<Command> COMMANDS = List.of(new DemoCommand(), new GarbageCommand(GarbageSuites.example()),
            new ConvertCommand(), new ServeCommand(), new SendCommand(), new SchemaCommand(), new JournalCommand());

    private Zwire() {
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        int status = run(args, Console.system());
        System.out.flush();
        System.exit(status);
    }

    /**
     * Runs the command line against {@code console}, without exiting: the entry point for tests
     * and embedding. Blocks for as long as the command runs.
     *
     * @return the exit status: 0 success, 1 the command found a problem, 2 bad arguments (3 from
     *         {@code garbage}: a pair could not be measured)
     */
    public static int run(String[] args, Console console) {
        return run(COMMANDS, args, console);
    }

    /**
     * The command line's own commands, for a launcher that adds its own.
     *
     * @return {@code demo}, {@code garbage}, {@code convert}, {@code serve}, {@code send}, {@code schema} and {@code journal}
     */
    public static List<Command> commands() {
        return COMMANDS;
    }

    /**
     * Runs a command line made of {@code commands} against {@code console}, as
     * {@link #run(String[], Console)} does for the built-in ones. Blocks for as long as the command runs.
     *
     * @param commands the commands offered, in the order the usage lists them
     * @param args     the command name and its arguments
     * @param console  where the output goes
     * @return the exit status, as {@link #run(String[], Console)}
     */
    public static int run(List<Command> commands, String[] args, Console console) {
        if (args.length == 0) {
            return usageError(commands, console, null, "no command given");
        }
        String name = args[0];
        if (name.equals("--help") || name.equals("-h") || name.equals("help")) {
            if (args.length > 1) {
                Command command = find(commands, args[1]);
                if (command == null) {
                    return usageError(commands, console, null, "unknown command '" + args[1] + "'");
                }
                console.out().print(help(command));
            } else {
                console.out().print(usage(commands));
            }
            return Command.OK;
        }
        Command command = find(commands, name);
        if (command == null) {
            return usageError(commands, console, null, "unknown command '" + name + "'");
        }
        try {
            Arguments arguments = Arguments.parse(Arrays.asList(args).subList(1, args.length), command.options(),
                    command.maxOperands());
            if (arguments.help()) {
                console.out().print(help(command));
                return Command.OK;
            }
            return command.run(arguments, console);
        } catch (UsageException e) {
            return usageError(commands, console, command, e.getMessage());
        }
    }

    private static Command find(List<Command> commands, String name) {
        for (Command command : commands) {
            if (command.name().equals(name)) {
                return command;
            }
        }
        return null;
    }

    private static int usageError(List<Command> commands, Console console, Command command, String message) {
        PrintStream err = console.err();
        err.println("zwire" + (command == null ? "" : " " + command.name()) + ": " + message);
        err.print(command == null ? usage(commands) : synopsisAndOptions(command));
        return Command.USAGE;
    }

    /** The top-level usage: the commands and how to get help on each. */
    static String usage(List<Command> commands) {
        StringBuilder text = new StringBuilder("usage: zwire <command> [options]   (zwire <command> --help for details)\n\ncommands:\n");
        for (Command command : commands) {
            text.append(String.format("  %-9s %s%n", command.name(), command.summary()));
        }
        return text.toString();
    }

    private static String synopsisAndOptions(Command command) {
        StringBuilder text = new StringBuilder("usage: ").append(command.synopsis()).append("\n\noptions:\n");
        for (Option option : command.options()) {
            String left = "--" + option.name() + (option.takesValue() ? " " + option.valueName() : "");
            text.append(String.format("  %-26s %s%n", left, option.description()));
        }
        text.append(String.format("  %-26s %s%n", "--help, -h", "show this help"));
        return text.toString();
    }

    private static String help(Command command) {
        return "zwire " + command.name() + ": " + command.summary() + "\n\n" + synopsisAndOptions(command)
                + "\n" + command.details() + "\n";
    }

    /**
     * How this program was started, for reports that quote their own command:
     * {@code java -jar <jar>} when running from a jar (relative to the working directory when
     * inside it), {@code zwire} otherwise.
     */
    public static String launcher() {
        java.security.CodeSource source = Zwire.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return "zwire";
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            if (Files.isRegularFile(location) && location.toString().endsWith(".jar")) {
                Path cwd = Path.of("").toAbsolutePath();
                Path shown = location.startsWith(cwd) ? cwd.relativize(location) : location;
                return "java -jar " + shown;
            }
        } catch (URISyntaxException | IllegalArgumentException e) {
            // A location that is not a file (a custom class loader): fall back to the plain name.
            return "zwire";
        }
        return "zwire";
    }
}
