package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.journal.JournalConfig;
import io.zwire.test.harness.MarshallableType;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code zwire journal append}: YAML documents read as the {@code --type} class and appended to a
 * journal, one record each, each record's index printed on its own line. The class is the
 * journal's message type under its simple name. A document that cannot be read stops the append:
 * the ones before it stay appended.
 */
final class JournalAppend {
    private final Arguments arguments;
    private final Console console;

    JournalAppend(Arguments arguments, Console console) {
        this.arguments = arguments;
        this.console = console;
    }

    /**
     * Appends the documents of {@code --file} or standard input to the journal in {@code directory}.
     * Blocks until the input ends.
     *
     * @return OK, or FAILED when PATH is not a journal (and no --wire), or a document is bad
     * @throws UsageException for a missing or unloadable --type, or a bad --wire or --cycle-size
     */
    int run(Path directory) throws UsageException {
        List<String> names = arguments.list("type");
        if (names.size() != 1) {
            throw new UsageException("append needs --type CLASS: the one Marshallable class its documents are read as");
        }
        long cycleSize = arguments.longValue("cycle-size", JournalConfig.DEFAULT_CYCLE_SIZE, JournalConfig.MIN_CYCLE_SIZE);
        Optional<WireType> recorded = Journal.recordedWire(directory);
        String wireName = arguments.value("wire", null);
        if (recorded.isEmpty() && wireName == null) {
            console.err().println("zwire journal: " + directory + " is not a journal; give --wire WIRE to create one");
            return Command.FAILED;
        }
        WireType wire = wireName == null ? recorded.get() : WireNames.parse(wireName);
        try (URLClassLoader loader = UserClassPath.loader(arguments.value("classpath", null))) {
            MarshallableType type = loadType(names.get(0), loader);
            JournalConfig.Builder config = JournalConfig.builder(wire, registry(type));
            try {
                config.cycleSize((int) Math.min(Integer.MAX_VALUE, cycleSize));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--cycle-size: " + e.getMessage());
            }
            if (arguments.flag("checksums")) {
                config.checksums();
            }
            byte[] input = ConvertCommand.read(arguments.value("file", null), console.in());
            try (Journal journal = Journal.open(directory, config.build())) {
                return append(journal, type, input);
            }
        } catch (NoSuchFileException e) {
            console.err().println("zwire journal: " + e.getMessage());
            return Command.FAILED;
        } catch (IOException e) {
            console.err().println("zwire journal: " + e);
            return Command.FAILED;
        }
    }

    private int append(Journal journal, MarshallableType type, byte[] input) {
        Wire yaml = WireType.YAML.apply(Bytes.wrap(input));
        Marshallable message = type.newTarget();
        int appended = 0;
        try (JournalAppender appender = journal.appender()) {
            while (true) {
                try {
                    if (!yaml.readDocument(message)) {
                        break;
                    }
                } catch (WireException e) {
                    console.err().println("zwire journal: bad YAML in document " + (appended + 1) + ": " + e.getMessage()
                            + (appended == 0 ? "" : "; the " + appended + " before it were appended"));
                    return Command.FAILED;
                }
                console.out().println(appender.append(message));
                appended++;
            }
        }
        console.out().flush();
        console.err().println("zwire journal: " + appended + (appended == 1 ? " record" : " records") + " appended to "
                + journal.directory() + " on " + WireNames.display(journal.wireType()));
        return Command.OK;
    }

    private static MarshallableType loadType(String name, ClassLoader loader) throws UsageException {
        if (MarshallableType.namesAMarshaller(name)) {
            throw new UsageException("--type " + name + " names a Marshaller; a journal's message types are Marshallable classes");
        }
        try {
            return MarshallableType.load(name, loader);
        } catch (IllegalArgumentException | LinkageError e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static TypeRegistry registry(MarshallableType type) {
        TypeRegistry.Builder builder = TypeRegistry.builder();
        MessageTypes.register(builder, type.simpleName(), type.type(), type);
        return builder.build();
    }
}
