package io.zwire.bench.journal;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.bench.session.Message256;
import io.zwire.journal.JournalAppender;
import io.zwire.journal.JournalConfig;
import io.zwire.journal.JournalTailer;

import java.nio.file.Path;
import java.util.List;

/**
 * zwire's journal ({@code wire-journal}) as a {@link JournalPeer}: a {@link Message256} on RAW,
 * a 256-byte document (a 4-byte length, 31 longs and an int), the closest zwire comes to the raw
 * bytes Chronicle Queue's peer writes. The sequence, the intended send time and the check word
 * travel in {@code sequence}, {@code sentNanos} and {@code p28}; the other fields are filled once
 * and written with every message, as the other peer copies its filler.
 *
 * <p>Cycles are the largest a journal allows (256 MiB), so a run of a few million messages rolls a
 * few times: the journal's own thread has the next cycle written and mapped ahead, so a roll
 * links it on the appending thread, and a tailer in another process maps and loads it on its
 * reading thread. Needs no JVM option.
 */
public final class ZwireJournalPeer implements JournalPeer {
    /** The peer's name on the command line. */
    public static final String NAME = "zwire";
    private static final int CYCLE_SIZE = 256 << 20;
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Message256", Message256.class, Message256::new)
            .build();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "zwire journal (RAW)";
    }

    @Override
    public List<String> jvmOptions(int javaFeatureVersion) {
        return List.of();
    }

    @Override
    public Journal open(Path directory) {
        return new OpenZwireJournal(io.zwire.journal.Journal.open(directory,
                JournalConfig.builder(WireType.RAW, TYPES).cycleSize(CYCLE_SIZE).build()), ZwireAppender::new, ZwireTailer::new);
    }

    private static final class ZwireAppender implements Appender {
        private final JournalAppender appender;
        private final Message256 message = new Message256().fill(1);

        ZwireAppender(JournalAppender appender) {
            this.appender = appender;
        }

        @Override
        public void append(long sequence, long intendedNanos) {
            Message256 m = message;
            m.sequence = sequence;
            m.sentNanos = intendedNanos;
            m.p28 = JournalMessage.checkWord(sequence);
            appender.append(m);
        }
    }

    private static final class ZwireTailer implements Tailer {
        private final JournalTailer tailer;
        private final Message256 message = new Message256();

        ZwireTailer(JournalTailer tailer) {
            this.tailer = tailer;
        }

        @Override
        public boolean poll(ReadMessage into) {
            Message256 m = message;
            if (!tailer.readDocument(m)) {
                return false;
            }
            into.set(m.sequence, m.sentNanos, m.p28);
            return true;
        }
    }
}
