package io.zwire.cli;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * Where a command reads and writes: results to {@code out}, progress and errors to {@code err},
 * so the results can be redirected or piped while the progress stays on the terminal.
 *
 * @param in  standard input (for {@code convert})
 * @param out results
 * @param err progress, warnings and errors
 */
public record Console(InputStream in, PrintStream out, PrintStream err) {
    /** The process's own streams. */
    public static Console system() {
        return new Console(System.in, System.out, System.err);
    }
}
