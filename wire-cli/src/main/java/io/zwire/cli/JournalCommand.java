package io.zwire.cli;

import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalConfig;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code zwire journal tail|dump|append|stats PATH}: a journal's records shown (each with its
 * index, time, type and size, then the document as YAML or annotated hex), followed as they are
 * appended, appended from YAML, or summed up. Reads a journal without the user's classes; with
 * {@code --type} it shows their documents through them. Never changes a journal except by
 * {@code append}.
 */
public final class JournalCommand implements Command {
    private static final List<String> ACTIONS = List.of("tail", "dump", "append", "stats");
    private static final List<String> SHOWING = List.of("dump", "tail");
    private static final List<String> LOADING_TYPES = List.of("dump", "tail", "append");
    /** The actions each option applies to: any other action refuses it rather than ignore it. */
    private static final Map<String, List<String>> APPLIES_TO = Map.of("from", SHOWING, "count", SHOWING,
            "timeout", List.of("tail"), "hex", SHOWING, "type", LOADING_TYPES, "classpath", LOADING_TYPES,
            "file", List.of("append"), "wire", List.of("append"), "cycle-size", List.of("append"),
            "checksums", List.of("append"));

    @Override
    public String name() {
        return "journal";
    }

    @Override
    public String summary() {
        return "show, follow, append to or sum up a journal (dump, tail, append, stats)";
    }

    @Override
    public String synopsis() {
        return "zwire journal dump PATH [--from INDEX] [--count N] [--hex] [--type CLASSES [--classpath PATH]]\n"
                + "       zwire journal tail PATH [--from INDEX] [--count N] [--timeout SECONDS] [--hex] [--type CLASSES]\n"
                + "       zwire journal append PATH --type CLASS [--classpath PATH] [--file FILE] [--wire WIRE]\n"
                + "                            [--cycle-size BYTES] [--checksums]\n"
                + "       zwire journal stats PATH";
    }

    @Override
    public String details() {
        return "PATH is a journal's directory. dump prints every record published so far, from the start or\n"
                + "--from INDEX, at most --count of them; tail prints the records published from now on (or from\n"
                + "--from), following the journal until --count records, --timeout seconds without a new one, or an\n"
                + "interrupt. Each record is a YAML comment line, '# record INDEX at TIME: TYPE, SIZE bytes', then its\n"
                + "document as YAML (converted from the journal's wire as zwire convert does; through the --type class\n"
                + "of the record's type when given, a class named by its simple name), or with --hex as annotated hex.\n"
                + "RAW documents carry no field names: without --type they are shown as plain hex.\n"
                + "A corrupt record is reported on standard error with its offset in its cycle file, and the dump\n"
                + "goes on after it where the format allows (exit status 1). A record claimed and not yet published\n"
                + "where reading stops is said to be an append in progress. dump, tail and stats never write to\n"
                + "the journal: a claim whose writer died is left for an appending process to mark abandoned.\n"
                + "append reads YAML documents from standard input or --file, appends each as the --type class (its\n"
                + "simple name is its alias in the journal) and prints each record's index; --wire creates the journal\n"
                + "when PATH holds none. stats prints the wire, the message types with their schema fingerprints, the\n"
                + "cycles with their file sizes, the first and last index, the number of records and the bytes they use.\n"
                + "INDEX is as append prints it, decimal or 0x hex (cycle << 32 | sequence).\n"
                + "Exit status: 0 done; 1 not a journal, a corrupt record, a document that cannot be appended; 2 bad\n"
                + "arguments.\n"
                + "Example: zwire journal dump /var/journals/orders --from 4294967296 --count 10";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("from", "INDEX", "dump, tail: start at the record of this index"),
                Option.value("count", "N", "dump, tail: show at most N records"),
                Option.value("timeout", "SECONDS", "tail: stop after this long without a new record (default: never)"),
                Option.flag("hex", "dump, tail: show documents as annotated hex"),
                UserClassPath.types("none: documents converted from the journal's wire"),
                UserClassPath.OPTION,
                Option.value("file", "FILE", "append: read the YAML documents from FILE (default, or -: standard input)"),
                Option.value("wire", "WIRE", "append: create the journal on this wire when PATH holds none"),
                Option.value("cycle-size", "BYTES", "append: the size of the cycles it creates (default 64 MiB)"),
                Option.flag("checksums", "append: write a CRC32C in each record"));
    }

    @Override
    public int maxOperands() {
        return 2;
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        List<String> operands = arguments.operands();
        if (operands.size() < 2 || !ACTIONS.contains(operands.get(0))) {
            throw new UsageException("give an action (" + String.join(", ", ACTIONS) + ") and a journal's directory");
        }
        String action = operands.get(0);
        for (Option option : options()) {
            boolean given = option.takesValue() ? arguments.value(option.name(), null) != null : arguments.flag(option.name());
            if (given && !APPLIES_TO.get(option.name()).contains(action)) {
                throw new UsageException("--" + option.name() + " is for " + String.join(" and ", APPLIES_TO.get(option.name()))
                        + ", not " + action);
            }
        }
        Path directory = Path.of(operands.get(1));
        try {
            if (action.equals("append")) {
                return new JournalAppend(arguments, console).run(directory);
            }
            Optional<WireType> wire = Journal.recordedWire(directory);
            if (wire.isEmpty()) {
                console.err().println("zwire journal: " + directory + " is not a journal ("
                        + (Files.isDirectory(directory) ? "it holds no metadata.zwj" : "no such directory") + ")");
                return FAILED;
            }
            try (Journal journal = openToRead(directory, wire.get())) {
                if (action.equals("stats")) {
                    return new JournalStats(journal, console).run();
                }
                return new JournalDump(journal, arguments, console).run(action.equals("tail"));
            }
        } catch (UncheckedIOException | IllegalStateException | IllegalArgumentException e) {
            // A journal that cannot be read or written (a document larger than a cycle, for one).
            console.err().println("zwire journal: " + e.getMessage());
            return FAILED;
        } catch (WireException e) {
            // A corrupt index slot met while moving to --from: the record-by-record reads report
            // theirs and go on, but where to start cannot be told.
            console.err().println("zwire journal: corrupt journal: " + e.getMessage());
            return FAILED;
        }
    }

    /**
     * The journal in {@code directory}, opened read-only on its own wire with no message types of
     * this process: inspecting it changes no byte of it and creates no file (no cycle counter, no
     * cycle, no abandoned claim). Allocates.
     */
    static Journal openToRead(Path directory, WireType wire) {
        return Journal.open(directory, JournalConfig.builder(wire, TypeRegistry.builder().build()).readOnly().build());
    }

    /**
     * {@return the index {@code --from} gives, decimal or 0x hex, or -1 when it is absent}
     *
     * @throws UsageException if it is neither
     */
    static long fromIndex(Arguments arguments) throws UsageException {
        String text = arguments.value("from", null);
        if (text == null) {
            return -1;
        }
        try {
            long index = text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseLong(text);
            if (index < 0) {
                throw new NumberFormatException(text);
            }
            return index;
        } catch (NumberFormatException e) {
            throw new UsageException("--from needs a record's index, decimal or 0x hex, got '" + text + "'");
        }
    }
}
