package io.zwire.journal.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.zwire.journal.internal.JournalLayout.METADATA_FILE;
import static io.zwire.journal.internal.JournalLayout.METADATA_MAGIC;
import static io.zwire.journal.internal.JournalLayout.METADATA_MAGIC_OFFSET;
import static io.zwire.journal.internal.JournalLayout.METADATA_MAX_ALIAS_BYTES;
import static io.zwire.journal.internal.JournalLayout.METADATA_TYPES_OFFSET;
import static io.zwire.journal.internal.JournalLayout.METADATA_TYPE_COUNT_OFFSET;
import static io.zwire.journal.internal.JournalLayout.METADATA_TYPE_ENTRY_FIXED;
import static io.zwire.journal.internal.JournalLayout.METADATA_WIRE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.index;

/**
 * A journal's metadata file ({@link JournalLayout}): its wire and its message types, each an
 * alias and the schema fingerprint of the first process that wrote it, by index. Types are only
 * ever added, at the end, so an index once given names the same alias for good. Immutable; the
 * file is read and written whole, under a lock file when types are added. Allocates: it runs
 * when a journal opens and when a tailer meets a type index it has not seen.
 */
public final class JournalMetadata {
    /** The lock file that serialises additions to the metadata between processes. */
    private static final String LOCK_FILE = "metadata.lock";

    private final int wireCode;
    private final String[] aliases;
    private final long[] fingerprints;

    private JournalMetadata(int wireCode, String[] aliases, long[] fingerprints) {
        this.wireCode = wireCode;
        this.aliases = aliases;
        this.fingerprints = fingerprints;
    }

    /** {@return the wire's code, as {@code WireType.code()} gives it} */
    public int wireCode() {
        return wireCode;
    }

    /** {@return the number of message types} */
    public int typeCount() {
        return aliases.length;
    }

    /** {@return the alias of the type at {@code index}} */
    public String alias(int index) {
        return aliases[index];
    }

    /** {@return the recorded fingerprint of the type at {@code index}} */
    public long fingerprint(int index) {
        return fingerprints[index];
    }

    /** {@return the index of {@code alias}, or -1} */
    public int indexOf(String alias) {
        for (int i = 0; i < aliases.length; i++) {
            if (aliases[i].equals(alias)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Reads the metadata of the journal in {@code directory}.
     *
     * @return the metadata, or null when the journal has none yet
     * @throws IOException if it cannot be read or is malformed
     */
    public static JournalMetadata read(Path directory) throws IOException {
        Path file = directory.resolve(METADATA_FILE);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        }
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < METADATA_TYPES_OFFSET || in.getLong(METADATA_MAGIC_OFFSET) != METADATA_MAGIC) {
            throw new IOException(file + " is not a journal's metadata");
        }
        int count = in.getInt(METADATA_TYPE_COUNT_OFFSET);
        if (count < 0 || count > (bytes.length - METADATA_TYPES_OFFSET) / METADATA_TYPE_ENTRY_FIXED) {
            throw new IOException(file + " declares " + count + " message types in " + bytes.length + " bytes");
        }
        String[] aliases = new String[count];
        long[] fingerprints = new long[count];
        in.position(METADATA_TYPES_OFFSET);
        for (int i = 0; i < count; i++) {
            if (in.remaining() < METADATA_TYPE_ENTRY_FIXED) {
                throw new IOException(file + " ends inside message type " + i);
            }
            fingerprints[i] = in.getLong();
            int length = Short.toUnsignedInt(in.getShort());
            if (in.remaining() < length) {
                throw new IOException(file + " ends inside the alias of message type " + i);
            }
            aliases[i] = new String(bytes, in.position(), length, StandardCharsets.UTF_8);
            in.position(in.position() + length);
        }
        return new JournalMetadata(in.getInt(METADATA_WIRE_OFFSET), aliases, fingerprints);
    }

    /**
     * The metadata of the journal in {@code directory} holding at least the given types: created
     * with {@code wireCode} when the journal has none, extended by the aliases it lacks otherwise.
     * Several processes may do this at once; a lock file orders them (and this class's monitor the
     * threads of one process, which one file lock cannot).
     *
     * @param directory    the journal's directory
     * @param wireCode     the wire a new journal is created with
     * @param aliases      the message types this process uses
     * @param fingerprints their schema fingerprints, by position
     * @return the metadata as it now is (its wire may differ from {@code wireCode}: the caller checks)
     * @throws IOException if the metadata cannot be read or written
     */
    public static synchronized JournalMetadata include(Path directory, int wireCode, List<String> aliases, long[] fingerprints)
            throws IOException {
        JournalMetadata current = read(directory);
        if (current != null && current.includesAll(aliases)) {
            return current;
        }
        try (FileChannel lock = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            FileLock held = lock.lock();
            try {
                current = read(directory);
                if (current != null && current.includesAll(aliases)) {
                    return current;
                }
                List<String> allAliases = new ArrayList<>();
                long[] allFingerprints = new long[(current == null ? 0 : current.typeCount()) + aliases.size()];
                if (current != null) {
                    allAliases.addAll(Arrays.asList(current.aliases));
                    System.arraycopy(current.fingerprints, 0, allFingerprints, 0, current.typeCount());
                }
                for (int i = 0; i < aliases.size(); i++) {
                    if (!allAliases.contains(aliases.get(i))) {
                        allFingerprints[allAliases.size()] = fingerprints[i];
                        allAliases.add(aliases.get(i));
                    }
                }
                JournalMetadata next = new JournalMetadata(current == null ? wireCode : current.wireCode,
                        allAliases.toArray(new String[0]), Arrays.copyOf(allFingerprints, allAliases.size()));
                next.write(directory);
                return next;
            } finally {
                held.release();
            }
        }
    }

    private boolean includesAll(List<String> wanted) {
        for (String alias : wanted) {
            if (indexOf(alias) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Writes a temporary file and moves it over the metadata, so a reader sees the old file or the new, whole. */
    private void write(Path directory) throws IOException {
        int size = METADATA_TYPES_OFFSET;
        byte[][] encoded = new byte[aliases.length][];
        for (int i = 0; i < aliases.length; i++) {
            encoded[i] = aliases[i].getBytes(StandardCharsets.UTF_8);
            if (encoded[i].length > METADATA_MAX_ALIAS_BYTES) {
                throw new IOException("the alias '" + aliases[i] + "' is longer than " + METADATA_MAX_ALIAS_BYTES + " bytes");
            }
            size += METADATA_TYPE_ENTRY_FIXED + encoded[i].length;
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(METADATA_MAGIC_OFFSET, METADATA_MAGIC).putInt(METADATA_WIRE_OFFSET, wireCode)
           .putInt(METADATA_TYPE_COUNT_OFFSET, aliases.length).position(METADATA_TYPES_OFFSET);
        for (int i = 0; i < aliases.length; i++) {
            out.putLong(fingerprints[i]).putShort((short) encoded[i].length).put(encoded[i]);
        }
        Path temporary = directory.resolve(METADATA_FILE + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.write(temporary, out.array());
            try {
                Files.move(temporary, directory.resolve(METADATA_FILE), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (FileAlreadyExistsException e) {
                throw new IOException("cannot replace " + directory.resolve(METADATA_FILE), e);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
