package io.zwire.bench.cli;

import io.zwire.bench.ZwireBench;
import io.zwire.cli.Console;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One run of a command line in this JVM, with nothing on standard input and standard output and
 * error captured, for the command tests.
 *
 * @param status the exit status
 * @param out    what the command wrote to standard output, as UTF-8
 * @param err    what it wrote to standard error, as UTF-8
 */
record CommandRun(int status, String out, String err) {
    /** A command line's entry point: {@code ZwireBench::run} or {@code Zwire::run}. */
    @FunctionalInterface
    interface Main {
        int run(String[] args, Console console);
    }

    /** {@return the run of {@code zwire-bench args}} */
    static CommandRun zwireBench(String... args) {
        return of(ZwireBench::run, args);
    }

    /** {@return the run of {@code args} through {@code main}} */
    static CommandRun of(Main main, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = main.run(args, new Console(new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new CommandRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
