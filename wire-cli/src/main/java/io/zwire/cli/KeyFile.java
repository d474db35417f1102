package io.zwire.cli;

import io.zwire.session.SessionConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The shared key of {@code serve --key-file} and {@code send --key-file}: read from a file, so the
 * secret never stands on a command line (where {@code ps} and shell histories show it). The key is
 * the file's bytes, less one line break at the end, so both {@code head -c 32 /dev/urandom > key}
 * and {@code openssl rand -hex 32 > key} make one.
 */
final class KeyFile {
    /** The identity both commands use unless {@code --identity} names another. */
    static final String DEFAULT_IDENTITY = "zwire";

    private KeyFile() {
    }

    /** {@return the {@code --key-file} option, whose description starts with {@code whatItDoes}} */
    static Option option(String whatItDoes) {
        return Option.value("key-file", "FILE", whatItDoes + "; the key is the file's bytes (at least "
                + SessionConfig.Builder.MIN_KEY_BYTES + "), never given on the command line");
    }

    /** {@return the {@code --identity} option} */
    static Option identityOption() {
        return Option.value("identity", "NAME", "the identity the key belongs to (default " + DEFAULT_IDENTITY + ")");
    }

    /**
     * Reads the key. Never puts the key's bytes in a message.
     *
     * @throws UsageException if the file cannot be read, or holds fewer than
     *                        {@value SessionConfig.Builder#MIN_KEY_BYTES} bytes
     */
    static byte[] read(String file) throws UsageException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(Path.of(file));
        } catch (IOException e) {
            throw new UsageException("--key-file " + file + " cannot be read: " + e);
        }
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\n') {
            length--;
            if (length > 0 && bytes[length - 1] == '\r') {
                length--;
            }
        }
        if (length < SessionConfig.Builder.MIN_KEY_BYTES) {
            throw new UsageException("--key-file " + file + " holds " + length + " bytes of key, and a key needs at least "
                    + SessionConfig.Builder.MIN_KEY_BYTES + " (e.g. head -c 32 /dev/urandom > " + file + ")");
        }
        return Arrays.copyOf(bytes, length);
    }
}
