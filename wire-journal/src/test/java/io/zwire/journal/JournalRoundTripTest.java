package io.zwire.journal;

import io.zwire.Marshallable;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JournalRoundTripTest {
    @TempDir
    Path directory;

    @Test
    void everyWireReadsBackWhatWasAppendedWithItsIndexes() {
        for (WireType wire : WireType.values()) {
            for (boolean checksums : new boolean[] {false, true}) {
                Path dir = directory.resolve(wire + (checksums ? "-crc" : ""));
                JournalConfig.Builder builder = Journals.config(wire);
                Journal journal = Journal.open(dir, (checksums ? builder.checksums() : builder).build());
                List<Long> indexes = new ArrayList<>();
                try (JournalAppender appender = journal.appender()) {
                    for (int i = 0; i < 5; i++) {
                        indexes.add(appender.append(new Trade(7, i, i % 2 == 0 ? "EURUSD" : "Ünïcode ✓", Trade.priceOf(i))));
                    }
                    Heartbeat beat = new Heartbeat();
                    beat.time = 123_456_789L;
                    indexes.add(appender.append(beat));
                }
                try (JournalTailer tailer = journal.tailer()) {
                    for (int i = 0; i < 5; i++) {
                        Marshallable read = tailer.read();
                        assertEquals(new Trade(7, i, i % 2 == 0 ? "EURUSD" : "Ünïcode ✓", Trade.priceOf(i)), read, wire + " record " + i);
                        assertEquals(indexes.get(i), tailer.index(), wire + " index of record " + i);
                    }
                    Heartbeat beat = assertInstanceOf(Heartbeat.class, tailer.read());
                    assertEquals(123_456_789L, beat.time);
                    assertNull(tailer.read(), wire + ": nothing after the last record");
                    assertFalse(tailer.readDocument(new Trade()));
                }
            }
        }
    }

    @Test
    void indexesGrowByOneWithinACycleFromZero() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender()) {
            assertEquals(Journal.index(0, 0), appender.append(new Trade(1, 0, "A", 1)));
            assertEquals(Journal.index(0, 1), appender.append(new Trade(1, 1, "A", 1)));
        }
    }

    @Test
    void readReusesOneInstancePerTypeAndReadDocumentFillsTheCallersObject() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            appender.append(new Trade(1, 1, "A", 1));
            appender.append(new Trade(1, 2, "B", 2));
            appender.append(new Trade(1, 3, "C", 3));
            Marshallable first = tailer.read();
            assertSame(first, tailer.read());
            Trade mine = new Trade();
            assertTrue(tailer.readDocument(mine));
            assertEquals(new Trade(1, 3, "C", 3), mine);
        }
    }

    @Test
    void readDocumentIntoAnotherTypeIsRefusedAndTheRecordStaysNext() {
        Journal journal = Journal.open(directory, Journals.config(WireType.YAML).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            appender.append(new Heartbeat());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tailer.readDocument(new Trade()));
            assertTrue(e.getMessage().contains("'Heartbeat'"), e.getMessage());
            assertInstanceOf(Heartbeat.class, tailer.read());
        }
    }

    @Test
    void aMessageOfATypeTheConfigurationLacksIsRefused() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender()) {
            assertThrows(IllegalArgumentException.class, () -> appender.append(new TradeV2()));
        }
    }

    @Test
    void aMessageLargerThanACycleIsRefusedAndNothingIsAppended() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            assertThrows(IllegalArgumentException.class, () -> appender.append(new Trade(1, 1, "x".repeat(20_000), 1)));
            appender.append(new Trade(1, 2, "fits", 1));
            assertEquals(new Trade(1, 2, "fits", 1), tailer.read());
        }
    }
}
