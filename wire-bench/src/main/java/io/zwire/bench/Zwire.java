package io.zwire.bench;

import io.zwire.bench.cli.Arguments;
import io.zwire.bench.cli.BenchCommand;
import io.zwire.bench.cli.Command;
import io.zwire.bench.cli.Console;
import io.zwire.bench.cli.ConvertCommand;
import io.zwire.bench.cli.DemoCommand;
import io.zwire.bench.cli.GarbageCommand;
import io.zwire.bench.cli.Option;
import io.zwire.bench.cli.SchemaCommand;
import io.zwire.bench.cli.SendCommand;
import io.zwire.bench.cli.ServeCommand;
import io.zwire.bench.cli.SessionsCommand;
import io.zwire.bench.cli.UsageException;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code zwire} command line: {@code demo}, {@code garbage}, {@code bench}, {@code convert},
 * {@code serve}, {@code send} and {@code sessions}, each with {@code --help}. Bad arguments print a one-line error and the usage,
 * and exit with status 2.
 */
public final class Zwire {
    private static final List<Command> COMMANDS =
            List.of(new DemoCommand(), new GarbageCommand(), new BenchCommand(), new ConvertCommand(),
                    new ServeCommand(), new SendCommand(), new SessionsCommand(), new SchemaCommand());

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
        if (args.length == 0) {
            return usageError(console, null, "no command given");
        }
        String name = args[0];
        if (name.equals("--help") || name.equals("-h") || name.equals("help")) {
            if (args.length > 1) {
                Command command = find(args[1]);
                if (command == null) {
                    return usageError(console, null, "unknown command '" + args[1] + "'");
                }
                console.out().print(help(command));
            } else {
                console.out().print(usage());
            }
            return Command.OK;
        }
        Command command = find(name);
        if (command == null) {
            return usageError(console, null, "unknown command '" + name + "'");
        }
        try {
            Arguments arguments = Arguments.parse(Arrays.asList(args).subList(1, args.length), command.options());
            if (arguments.help()) {
                console.out().print(help(command));
                return Command.OK;
            }
            return command.run(arguments, console);
        } catch (UsageException e) {
            return usageError(console, command, e.getMessage());
        }
    }

    private static Command find(String name) {
        for (Command command : COMMANDS) {
            if (command.name().equals(name)) {
                return command;
            }
        }
        return null;
    }

    private static int usageError(Console console, Command command, String message) {
        PrintStream err = console.err();
        err.println("zwire" + (command == null ? "" : " " + command.name()) + ": " + message);
        err.print(command == null ? usage() : synopsisAndOptions(command));
        return Command.USAGE;
    }

    /** The top-level usage: the commands and how to get help on each. */
    static String usage() {
        StringBuilder text = new StringBuilder("usage: zwire <command> [options]   (zwire <command> --help for details)\n\ncommands:\n");
        for (Command command : COMMANDS) {
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
