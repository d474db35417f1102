package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.internal.BytesAccess;
import io.zwire.yaml.parse.YamlParser;

/**
 * Points a {@link YamlParser} at the readable bytes of a {@link Bytes}. The parser scans a
 * {@code byte[]}: a heap buffer's backing array is read in place; a buffer-backed input is copied
 * to a reused heap array one document at a time ({@link DocumentBoundary} finds where it ends), so
 * the scanning loops index an array either way, at the cost of one copy for direct buffers.
 * Allocates only when the copy must grow for a larger document than any before.
 */
final class ParserInput {
    private final YamlParser parser;
    private final ReadLimits limits;
    private byte[] copy = new byte[0];
    private Bytes copyView = Bytes.wrap(copy);
    /** The Bytes whose array the parser reads: the input itself, or {@link #copyView}. */
    private Bytes view;

    ParserInput(YamlParser parser, ReadLimits limits) {
        this.parser = parser;
        this.limits = limits;
    }

    /** Points the parser at {@code bytes} from its read position; false if there is nothing to read. */
    boolean attach(Bytes bytes) {
        int start = bytes.readPosition();
        int limit = bytes.writePosition();
        if (start >= limit) {
            return false;
        }
        byte[] array = BytesAccess.array(bytes);
        if (array != null) {
            view = bytes;
            parser.reset(bytes, array, 0, start, limit);
        } else {
            // The scan stops just past the largest document allowed, which the parser then rejects.
            int end = DocumentBoundary.end(bytes, start, (int) Math.min(limit, (long) start + limits.maxDocumentBytes() + 64));
            int length = end - start;
            if (copy.length < length) {
                copy = new byte[Math.max(length, copy.length * 2)];
                copyView = Bytes.wrap(copy);
            }
            bytes.copyTo(start, copy, 0, length);
            view = copyView;
            parser.reset(bytes, copy, start, 0, length);
        }
        return true;
    }

    /** The parser's input as a {@link Bytes}: index {@code i} is {@code parser.data()[i]}. */
    Bytes view() {
        return view;
    }
}
