package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;

/**
 * Messages as YAML documents for a person to read ({@code zwire serve}'s log, {@code zwire send}'s
 * report of a bad echo), through one reused wire. Not thread-safe.
 */
final class YamlText {
    private final Wire wire = WireType.YAML.apply(Bytes.elastic(256));

    /**
     * {@code message} as one YAML document, {@code ---} first and a line break last; a message whose
     * write method throws is shown as a comment saying so. Allocates the string.
     */
    String of(Marshallable message) {
        wire.bytes().clear();
        try {
            wire.writeDocument(message);
        } catch (RuntimeException e) {
            return "--- # " + message.getClass().getSimpleName() + " cannot be written as YAML: " + e + "\n";
        }
        return wire.bytes().readableText();
    }
}
