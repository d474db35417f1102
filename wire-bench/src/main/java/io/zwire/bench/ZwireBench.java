package io.zwire.bench;

import io.zwire.bench.cli.BenchCommand;
import io.zwire.bench.cli.JournalLatencyCommand;
import io.zwire.bench.cli.SessionsCommand;
import io.zwire.bench.lambda.LambdaTypes;
import io.zwire.bench.model.MyData;
import io.zwire.cli.Command;
import io.zwire.cli.Console;
import io.zwire.cli.GarbageCommand;
import io.zwire.cli.GarbageSuites;
import io.zwire.cli.Zwire;
import io.zwire.testkit.model.Ints14;
import io.zwire.testkit.model.Ints64;
import io.zwire.example.Order;
import io.zwire.testkit.model.RiskLimits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark suite's command line ({@code zwire-bench.jar}): the {@code zwire} commands plus
 * {@code bench}, {@code sessions} and {@code journal-latency}, with {@code garbage} offering the suite's model types
 * ({@code --suite standard}, the default) and the lambda experiment ({@code --suite lambda}).
 */
public final class ZwireBench {
    /** The model types, all expected to be garbage-free on every wire. */
    static final String STANDARD = "standard";
    /** The lambda experiment: non-capturing and capturing setters, 1 to 64 int fields. */
    static final String LAMBDA = "lambda";

    private ZwireBench() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command name and its arguments
     */
    public static void main(String[] args) {
        int status = run(args, Console.system());
        System.out.flush();
        System.exit(status);
    }

    /**
     * Runs the command line against {@code console}, without exiting. Blocks for as long as the command runs.
     *
     * @param args    the command name and its arguments
     * @param console where the output goes
     * @return the exit status, as {@link Zwire#run(String[], Console)}
     */
    public static int run(String[] args, Console console) {
        return Zwire.run(commands(), args, console);
    }

    /**
     * The suites {@code garbage} offers here.
     *
     * @return {@code standard} (the default) and {@code lambda}
     */
    public static GarbageSuites suites() {
        Map<String, List<String>> suites = new LinkedHashMap<>();
        suites.put(STANDARD, List.of(Ints14.class.getName(), Ints64.class.getName(), Order.class.getName(),
                MyData.class.getName(), RiskLimits.class.getName()));
        suites.put(LAMBDA, LambdaTypes.classNames());
        return new GarbageSuites(suites);
    }

    private static List<Command> commands() {
        List<Command> commands = new ArrayList<>();
        for (Command command : Zwire.commands()) {
            commands.add(command instanceof GarbageCommand ? new GarbageCommand(suites()) : command);
        }
        commands.add(new BenchCommand());
        commands.add(new SessionsCommand());
        commands.add(new JournalLatencyCommand());
        return commands;
    }
}
