package io.zwire.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One run of the zwire command line in this JVM, with standard input given and standard output
 * and error captured, for the command tests.
 *
 * @param status   the exit status
 * @param outBytes what the command wrote to standard output
 * @param err      what it wrote to standard error, as UTF-8
 */
record ZwireRun(int status, byte[] outBytes, String err) {
    /** {@return the run of {@code args}, with nothing on standard input} */
    static ZwireRun zwire(String... args) {
        return zwire(new byte[0], args);
    }

    /** {@return the run of {@code args}, reading {@code stdin}} */
    static ZwireRun zwire(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Zwire.run(args, new Console(new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new ZwireRun(status, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    /** {@return {@code text} as standard input: its UTF-8 bytes} */
    static byte[] input(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** {@return what the command wrote to standard output, as UTF-8} */
    String out() {
        return new String(outBytes, StandardCharsets.UTF_8);
    }

    /** {@return the first line of standard error, or "" when it is empty} */
    String firstErrorLine() {
        return err.lines().findFirst().orElse("");
    }
}
