package io.zwire.cli.example;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code ```java} blocks of a Markdown page, for tests that check the docs show tested code. */
final class JavaBlocks {
    /**
     * The comment that says which file a block's lines come from, on the line before its
     * {@code ```java}: {@code <!-- lines of tested code: wire-cli/src/.../VanReading.java -->}, the path
     * from the repository's root. Markdown shows nothing of it.
     */
    static final String TESTED_CODE_MARKER = "<!-- lines of tested code: ";

    /** One block: its lines, and the file its marker names (empty without a marker). */
    private record Block(String file, List<String> lines) {
    }

    private JavaBlocks() {
    }

    /** {@return every java block of {@code lines}, each as its lines} */
    static List<List<String>> of(List<String> lines) {
        return blocks(lines).stream().map(Block::lines).toList();
    }

    /**
     * The java blocks of {@code page} marked with {@link #TESTED_CODE_MARKER}, by the file the
     * marker names, resolved against {@code root}.
     */
    static Map<Path, List<List<String>>> markedIn(Path page, Path root) throws IOException {
        Map<Path, List<List<String>>> byFile = new LinkedHashMap<>();
        for (Block block : blocks(Files.readAllLines(page))) {
            if (!block.file().isEmpty()) {
                byFile.computeIfAbsent(root.resolve(block.file()), k -> new ArrayList<>()).add(block.lines());
            }
        }
        return byFile;
    }

    private static List<Block> blocks(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        List<String> block = null;
        String file = "";
        String previous = "";
        for (String line : lines) {
            if (block == null && line.strip().equals("```java")) {
                block = new ArrayList<>();
                String marker = previous.strip();
                file = marker.startsWith(TESTED_CODE_MARKER) && marker.endsWith("-->")
                        ? marker.substring(TESTED_CODE_MARKER.length(), marker.length() - 3).strip() : "";
            } else if (block != null && line.strip().equals("```")) {
                blocks.add(new Block(file, block));
                block = null;
            } else if (block != null) {
                block.add(line);
            }
            previous = line;
        }
        return blocks;
    }
}
