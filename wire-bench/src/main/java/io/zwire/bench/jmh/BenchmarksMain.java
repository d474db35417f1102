package io.zwire.bench.jmh;

import org.openjdk.jmh.Main;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.CommandLineOptionException;

/**
 * JMH's own command line over the benchmarks in {@code zwire-bench.jar}, with one difference:
 * unless {@code -p codec=...} or {@code -p wire=...} is given, those parameters cover the zwire
 * wires present (and the peers), not every wire the annotations name.
 *
 * <pre>java -cp wire-bench/target/zwire-bench.jar io.zwire.bench.jmh.BenchmarksMain -prof gc CodecBenchmark</pre>
 */
public final class BenchmarksMain {
    private BenchmarksMain() {
    }

    /**
     * Runs JMH with {@code args}.
     *
     * @throws RunnerException if JMH fails as a whole (individual benchmark failures are reported by JMH)
     */
    public static void main(String[] args) throws RunnerException {
        CommandLineOptions given;
        try {
            given = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (given.shouldHelp() || given.shouldList() || given.shouldListWithParams()
                || given.shouldListProfilers() || given.shouldListResultFormats()) {
            try {
                Main.main(args);
            } catch (java.io.IOException e) {
                throw new RunnerException(e);
            }
            return;
        }
        new Runner(BenchmarkSuite.narrowToAvailable(given)).run();
    }
}
