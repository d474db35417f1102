package io.zwire.yaml;

import java.nio.charset.StandardCharsets;

/** A YAML document whose one field holds flow mappings nested {@code depth} deep, each with the key {@code k}. */
final class DeepFlowMaps {
    private DeepFlowMaps() {
    }

    static byte[] document(String field, int depth) {
        return ("---\n" + field + ": " + "{k: ".repeat(depth - 1) + "{k: 1}" + "}".repeat(depth - 1) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }
}
