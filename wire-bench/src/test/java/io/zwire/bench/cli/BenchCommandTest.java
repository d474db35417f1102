package io.zwire.bench.cli;

import io.zwire.cli.Command;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The bench pipeline end to end, shrunk to one in-process benchmark of a fraction of a second. */
class BenchCommandTest {
    @Test
    void runsJmhAndWritesTheMarkdownReport(@TempDir Path dir) throws IOException {
        assumeTrue(WireType.RAW.isAvailable());
        Path file = dir.resolve("benchmarks.md");
        CommandRun run = CommandRun.zwireBench("bench", "--include", "CodecBenchmark\\.encode$", "--codecs", "raw,varhandle",
                "--workloads", "ints14", "--warmup-iterations", "1", "--iterations", "1", "--iteration-time", "100ms",
                "--forks", "0", "--no-sibling-jdks", "--markdown", file.toString());
        assertEquals(Command.OK, run.status(), run.err());
        String md = Files.readString(file);
        assertTrue(md.contains("<!-- zwire:codecs:begin -->\n" + run.out().strip()
                + "\n<!-- zwire:codecs:end -->"), "the report goes to standard output and into the file's codecs section");
        assertTrue(md.contains("- command: `"), md);
        assertTrue(md.contains("bench --include"), md);
        // Measured: a time and the GC profiler's bytes per operation (a number, not n/a). Whether that is 0
        // is the garbage harness's question; a 100 ms in-process run only proves the pipeline.
        assertTrue(Pattern.compile("\\| INTS14 \\| zwire RAW \\| [0-9.,]+ \\|  \\|  \\| [0-9,]+ \\|  \\|  \\|").matcher(md).find(), md);
        assertTrue(Pattern.compile("\\| INTS14 \\| varhandle \\| [0-9.,]+ \\|  \\|  \\| [0-9,]+ \\|  \\|  \\|").matcher(md).find(), md);
        assertTrue(md.contains("| INTS14 | 60 | 60 |"), "encoded sizes: " + md);
    }

    @Test
    void badBenchArgumentsExitWithStatus2() {
        for (String[] args : new String[][] {{"bench", "--workloads", "huge"}, {"bench", "--codecs", "avro"},
                {"bench", "--iteration-time", "soon"}}) {
            CommandRun run = CommandRun.zwireBench(args);
            assertEquals(Command.USAGE, run.status(), String.join(" ", args));
            assertTrue(run.err().startsWith("zwire bench: "), run.err());
        }
    }
}
