package io.zwire.journal;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The example docs/journal.md shows, run as written. */
class JournalExampleTest {
    @TempDir
    Path directory;

    @Test
    void theDocsExampleAppendsTwoTradesAndATailerReadsThemWithTheirIndexes() {
        List<String> seen = example(directory);
        assertEquals(List.of("0 Trade[7, 1, EURUSD, 1.0825]", "1 Trade[7, 2, EURUSD, 1.0826]"), seen);
    }

    static List<String> example(Path directory) {
        List<String> seen = new ArrayList<>();
        TypeRegistry types = TypeRegistry.builder().add("Trade", Trade.class, Trade::new).build();
        JournalConfig config = JournalConfig.builder(WireType.BINARY, types)
                .cycleSize(16 << 20)              // a record that does not fit starts the next cycle
                .rollEvery(Duration.ofHours(1))   // and so does the first append after an hour
                .retainCycles(24)                 // an appender that rolls deletes older cycles
                .checksums()                      // a CRC32C per record, checked by every tailer
                .build();
        Journal journal = Journal.open(directory, config);

        try (JournalAppender appender = journal.appender()) {      // one per thread
            Trade trade = new Trade();
            appender.append(trade.set(7, 1, "EURUSD", 1.0825));     // returns the record's index
            appender.append(trade.set(7, 2, "EURUSD", 1.0826));
        }

        try (JournalTailer tailer = journal.tailer()) {            // from the start; toEnd(), moveToIndex(i)
            while (tailer.awaitRecord(WaitStrategy.PARK, 100, TimeUnit.MILLISECONDS)) {
                Marshallable message = tailer.read();              // one reused instance per type
                seen.add(tailer.index() + " " + message);
            }
        }
        return seen;
    }
}
