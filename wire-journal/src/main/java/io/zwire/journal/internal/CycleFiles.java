package io.zwire.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileChannel.MapMode;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

import static io.zwire.journal.internal.JournalLayout.CYCLE_NAME_DIGITS;
import static io.zwire.journal.internal.JournalLayout.CYCLE_SUFFIX;
import static io.zwire.journal.internal.JournalLayout.ENDED_CYCLE_SIZE;
import static io.zwire.journal.internal.JournalLayout.INDEX_OFFSET;
import static io.zwire.journal.internal.JournalLayout.MAX_CYCLE_NUMBER;
import static io.zwire.journal.internal.JournalLayout.STAGED_SUFFIX;

/**
 * The cycle files of one journal directory: their names, which exist, creating one (every block
 * written before it is mapped, so a full disk fails here with an {@link IOException} and never
 * later as a crash), either at once ({@link #createIfAbsent}) or ahead of need ({@link #stage},
 * then {@link #publish}), and retention. Several processes may create the same cycle at once: each
 * writes a temporary file and links it into place, and the one link that wins is the cycle.
 * Everything here allocates; it runs once per cycle, never per record. Thread-safe.
 */
public final class CycleFiles {
    /** Zeros written to allocate a new file's blocks, a chunk at a time. */
    private static final int ZERO_CHUNK = 1 << 20;

    /** Numbers this process's staged files, so two journals in one process never pick one name. */
    private static final AtomicLong STAGED_FILES = new AtomicLong();

    private final Path directory;
    /** How {@link #mapIfPresent} maps a cycle. */
    private final MapMode mode;
    private volatile Consumer<Path> blockWriteObserver;

    /**
     * The cycle files in {@code directory}.
     *
     * @param directory the journal's directory
     */
    public CycleFiles(Path directory) {
        this(directory, MapMode.READ_WRITE);
    }

    /**
     * The cycle files of the journal in {@code directory}, mapped in {@code mode} by
     * {@link #mapIfPresent}: {@link MapMode#READ_ONLY} for a journal opened to be read only,
     * whose mappings then refuse any write.
     *
     * @param directory the journal's directory
     * @param mode      {@link MapMode#READ_WRITE} or {@link MapMode#READ_ONLY}
     */
    public CycleFiles(Path directory, MapMode mode) {
        this.mode = mode;
        this.directory = directory;
    }

    /** {@return the journal's directory} */
    public Path directory() {
        return directory;
    }

    /** {@return the path of cycle {@code number}} */
    public Path path(long number) {
        return directory.resolve(String.format("%0" + CYCLE_NAME_DIGITS + "d%s", number, CYCLE_SUFFIX));
    }

    /**
     * The numbers of the cycles present, ascending.
     *
     * @return the numbers, possibly none
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public long[] numbers() {
        long[] numbers = new long[16];
        int count = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + CYCLE_SUFFIX)) {
            for (Path file : files) {
                long number = numberOf(file.getFileName().toString());
                if (number >= 0) {
                    if (count == numbers.length) {
                        numbers = Arrays.copyOf(numbers, count * 2);
                    }
                    numbers[count++] = number;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the journal's cycles in " + directory, e);
        }
        long[] found = Arrays.copyOf(numbers, count);
        Arrays.sort(found);
        return found;
    }

    private static long numberOf(String name) {
        if (name.length() != CYCLE_NAME_DIGITS + CYCLE_SUFFIX.length() || !name.endsWith(CYCLE_SUFFIX)) {
            return -1;
        }
        long number = 0;
        for (int i = 0; i < CYCLE_NAME_DIGITS; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            number = number * 10 + (c - '0');
        }
        return number <= MAX_CYCLE_NUMBER ? number : -1;
    }

    /** {@return the highest cycle number present, or -1 for none} */
    public long latest() {
        long[] numbers = numbers();
        return numbers.length == 0 ? -1 : numbers[numbers.length - 1];
    }

    /** {@return the lowest cycle number present, or -1 for none} */
    public long earliest() {
        long[] numbers = numbers();
        return numbers.length == 0 ? -1 : numbers[0];
    }

    /**
     * {@return the lowest cycle number present above {@code number}, or -1 for none} Lists the
     * directory, twice when the first listing finds no {@code number + 1} but a later cycle.
     *
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public long after(long number) {
        return after(number, this::numbers);
    }

    /**
     * The rule of {@link #after(long)}, over the listings {@code listing} makes. A listing is not a
     * snapshot of the directory: a name linked while it runs may be left out while a name linked
     * later is returned (POSIX leaves it unspecified; seen on ext4 under appenders rolling every
     * millisecond), so a later cycle found in place of {@code number + 1} is confirmed by a second
     * listing. Cycles are linked in number order ({@code Journal.cycleForAppending}), so the
     * second listing, begun after the first returned the later cycle, returns every cycle linked
     * before it. A gap both listings show is a real one (a cycle deleted, or one an earlier version
     * never created).
     */
    static long after(long number, Supplier<long[]> listing) {
        long found = lowestAbove(listing.get(), number);
        return found > number + 1 ? lowestAbove(listing.get(), number) : found;
    }

    private static long lowestAbove(long[] ascending, long number) {
        for (long found : ascending) {
            if (found > number) {
                return found;
            }
        }
        return -1;
    }

    /**
     * Maps cycle {@code number}, faulting its pages in as {@code faulting} says, or returns null
     * when its file does not exist.
     *
     * @throws IOException if the file exists but cannot be mapped or is not a cycle
     */
    public CycleFile mapIfPresent(long number, PageFaulting faulting) throws IOException {
        try {
            return CycleFile.map(path(number), number, mode, faulting);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * Creates cycle {@code number} unless its file exists: a temporary file of {@code size} bytes,
     * every block written, its header set, then, if {@code claim} grants the number, linked to the
     * cycle's name. Claiming only once the file is written keeps the time between a claim and the
     * cycle's appearance to a link. Runs on the calling thread: about 0.1 s for 64 MiB here, the
     * cost {@link CyclePreparer} takes off appenders.
     *
     * @param number         the cycle number
     * @param size           the file's length
     * @param indexSpacing   records between index slots
     * @param rollPeriodMillis how long the cycle takes appends, or 0 for no limit
     * @param claim          asked for the number just before the link ({@link CycleCounter#claim})
     * @return true when the cycle's file exists now, false when {@code claim} refused (nothing created)
     * @throws IOException if the file cannot be created or its blocks cannot be allocated (a full
     *                     disk); a partly written temporary file is deleted
     */
    public boolean createIfAbsent(long number, int size, int indexSpacing, long rollPeriodMillis, LongPredicate claim)
            throws IOException {
        return createIfAbsent(number, headerChunk(size, indexSpacing), size, rollPeriodMillis, claim);
    }

    /**
     * Creates cycle {@code number} unless its file exists, as an ended cycle ({@link JournalLayout}:
     * {@link JournalLayout#ENDED_CYCLE_SIZE} bytes, its padding at its first record), for a number
     * claimed whose file never came. It is born ended, so it needs no appender to end it, no
     * record is ever appended to it, and its creator, linking its own file late and finding this
     * one there, rolls on. Runs on the calling thread, as
     * {@link #createIfAbsent(long, int, int, long, LongPredicate)}.
     *
     * @param stillWanted asked just before the link: false when the number need not be filled any
     *                    more (another appender is past it), and nothing is created
     * @return true when the cycle's file exists now, false when {@code stillWanted} said no
     * @throws IOException as {@link #createIfAbsent(long, int, int, long, LongPredicate)}
     */
    public boolean createEndedIfAbsent(long number, int indexSpacing, LongPredicate stillWanted) throws IOException {
        ByteBuffer header = headerChunk(ENDED_CYCLE_SIZE, indexSpacing);
        int firstRecord = JournalLayout.dataStart(JournalLayout.indexSlots(ENDED_CYCLE_SIZE, indexSpacing));
        header.putInt(firstRecord, JournalLayout.paddingHeader(ENDED_CYCLE_SIZE, firstRecord));
        return createIfAbsent(number, header, ENDED_CYCLE_SIZE, 0, stillWanted);
    }

    private boolean createIfAbsent(long number, ByteBuffer header, int size, long rollPeriodMillis, LongPredicate claim)
            throws IOException {
        Path target = path(number);
        if (Files.exists(target)) {
            return true;
        }
        Path temporary = directory.resolve(target.getFileName() + "." + ProcessHandle.current().pid()
                + "-" + Thread.currentThread().getId() + ".tmp");
        try {
            long now = System.currentTimeMillis();
            CycleFile.writeIdentity(header, number, now, rollAt(now, rollPeriodMillis));
            writeBlocks(temporary, header, size, "journal cycle " + number);
            if (!claim.test(number)) {
                return false;
            }
            linkUnlessPresent(target, temporary);
            return true;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * A new file of {@code size} bytes for a cycle whose number is not known yet, every block
     * written and every page mapped and faulted in, under a name no cycle has. Allocates; blocks
     * for the writes and the page faults (about 0.1 s per 64 MiB here).
     *
     * @param size         the file's length
     * @param indexSpacing records between index slots
     * @return the file and its mapping, for {@link #publish}; a caller that does not publish it
     *         {@linkplain Staged#delete() deletes} it
     * @throws IOException if the file cannot be created, its blocks allocated (a full disk) or it
     *                     cannot be mapped; the partial file is deleted
     */
    public Staged stage(int size, int indexSpacing) throws IOException {
        Path file = directory.resolve(ProcessHandle.current().pid() + "-" + STAGED_FILES.incrementAndGet() + STAGED_SUFFIX);
        writeBlocks(file, headerChunk(size, indexSpacing), size, "a journal cycle ahead of need");
        try {
            return new Staged(file, CycleFile.mapAndLoad(file));
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /**
     * Makes {@code staged} cycle {@code number}: writes the number and times into its header, then
     * links it to the cycle's name, unless that name exists. Allocates; no block is written and no
     * page faulted here, only the header's page.
     *
     * @param staged           a file {@link #stage} made
     * @param number           the cycle number it becomes
     * @param rollPeriodMillis how long the cycle takes appends, or 0 for no limit
     * @return the cycle, or null when the name exists (another appender created the cycle): the
     *         staged file is left as it was, for a later cycle
     * @throws IOException if the link cannot be made for another reason
     */
    public CycleFile publish(Staged staged, long number, long rollPeriodMillis) throws IOException {
        Path target = path(number);
        if (Files.exists(target)) {
            return null;
        }
        long now = System.currentTimeMillis();
        CycleFile.writeIdentity(staged.mapping().buffer(), number, now, rollAt(now, rollPeriodMillis));
        if (!linkUnlessPresent(target, staged.file())) {
            return null;
        }
        Files.deleteIfExists(staged.file());
        return CycleFile.of(target, staged.mapping(), number);
    }

    /**
     * Deletes the staged files of processes that are no longer running (a process deletes its own
     * when it stops preparing cycles). Allocates.
     *
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public void deleteStagedFilesOfDeadProcesses() {
        try (DirectoryStream<Path> staged = Files.newDirectoryStream(directory, "*" + STAGED_SUFFIX)) {
            for (Path file : staged) {
                String name = file.getFileName().toString();
                int dash = name.indexOf('-');
                long pid = dash > 0 ? parsePid(name.substring(0, dash)) : -1;
                if (pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear staged cycle files in " + directory, e);
        }
    }

    private static long parsePid(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * A file of a cycle prepared before its number is known, and its mapping.
     *
     * @param file    its name while staged
     * @param mapping its mapping, every page faulted in; the published cycle's from then on
     */
    public record Staged(Path file, CycleMapping mapping) {
        /**
         * Unmaps the file (at once on JDK 22 and later) and deletes it: for a staged file no cycle
         * took. Idempotent; allocates nothing.
         *
         * @throws IOException if the file exists and cannot be deleted
         */
        public void delete() throws IOException {
            mapping.unmap();
            Files.deleteIfExists(file);
        }
    }

    private static long rollAt(long createdMillis, long rollPeriodMillis) {
        return rollPeriodMillis > 0 ? createdMillis + rollPeriodMillis : Long.MAX_VALUE;
    }

    private static ByteBuffer headerChunk(int size, int indexSpacing) {
        ByteBuffer chunk = ByteBuffer.allocate(Math.min(ZERO_CHUNK, size)).order(ByteOrder.LITTLE_ENDIAN);
        CycleFile.writeLayout(chunk, size, indexSpacing);
        return chunk;
    }

    /** {@return true when {@code file} is now also {@code target}, false when {@code target} existed} */
    private static boolean linkUnlessPresent(Path target, Path file) throws IOException {
        try {
            // A hard link fails when the name exists, where a rename would replace a cycle
            // another process created (and perhaps appended to) meanwhile.
            Files.createLink(target, file);
            return true;
        } catch (FileAlreadyExistsException lostTheRace) {
            return false;
        }
    }

    /** Writes {@code size} bytes to the new file {@code file}: {@code header} first, zeros after. */
    private void writeBlocks(Path file, ByteBuffer header, int size, String what) throws IOException {
        Consumer<Path> observer = blockWriteObserver;
        if (observer != null) {
            observer.accept(file);
        }
        ByteBuffer chunk = header;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long written = 0;
            while (written < size) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), size - written));
                while (chunk.hasRemaining()) {
                    written += channel.write(chunk, written);
                }
                if (written == chunk.capacity()) {
                    chunk.put(0, new byte[INDEX_OFFSET]);
                }
            }
            // No force(): the file systems Linux maps (ext4, xfs, tmpfs) reserve a block when
            // write() dirties it, so a full disk fails the write above; forcing a 64 MiB cycle to
            // the device would stall for milliseconds.
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw new IOException("cannot create " + what + " of " + size + " bytes in "
                    + file.getParent() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Calls {@code observer} with each file whose blocks this object is about to write, on the
     * writing thread: the test that no appender writes a cycle's blocks watches with it.
     *
     * @param observer called before each file's blocks are written, or null for none
     */
    public void observeBlockWrites(Consumer<Path> observer) {
        this.blockWriteObserver = observer;
    }

    /**
     * Deletes every cycle below {@code keepFrom}. A process that still maps a deleted cycle reads it
     * on (the file system keeps its blocks until the mapping goes).
     *
     * @param keepFrom the lowest cycle number kept
     * @return the number of cycles deleted
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public int deleteBelow(long keepFrom) {
        int deleted = 0;
        for (long number : numbers()) {
            if (number < keepFrom) {
                try {
                    if (Files.deleteIfExists(path(number))) {
                        deleted++;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete journal cycle " + path(number), e);
                }
            }
        }
        return deleted;
    }
}
