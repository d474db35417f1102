package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import io.zwire.test.AllocationMeter;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Measures the bytes one thread allocates per append and per read, per wire, on one journal per
 * wire whose single cycle holds every record (rolling allocates by design, once per cycle). Run in
 * the test JVM, and as a main class in a forked JVM with escape analysis off; prints
 * {@code WIRE append bytes/message=X}, {@code WIRE read bytes/message=X} and
 * {@code WIRE readRecord bytes/message=X}.
 */
public final class JournalAllocationProbe {
    private JournalAllocationProbe() {
    }

    public static void main(String[] args) throws IOException {
        Path directory = Path.of(args[0]);
        int warmUp = Integer.parseInt(args[1]);
        int messages = Integer.parseInt(args[2]);
        for (WireType wire : WireType.available()) {
            double[] bytes = bytesPerMessage(wire, directory.resolve(wire.name()), warmUp, messages);
            System.out.println(wire + " append bytes/message=" + bytes[0]);
            System.out.println(wire + " read bytes/message=" + bytes[1]);
            System.out.println(wire + " readRecord bytes/message=" + bytesPerRawRead(wire, directory.resolve(wire.name()),
                    warmUp, messages));
        }
    }

    /** {@return bytes allocated per append and per read of a {@link Trade} on {@code wire}} */
    static double[] bytesPerMessage(WireType wire, Path directory, int warmUp, int messages) {
        // One cycle for every record, at up to 128 bytes a record (a YAML trade takes about 80).
        int cycleSize = (int) Math.min(JournalLayout.MAX_CYCLE_SIZE, (warmUp + (long) messages) * 128 + (1 << 20));
        Journal journal = Journal.open(directory, Journals.config(wire).cycleSize(cycleSize).checksums().build());
        Trade trade = new Trade();
        Trade into = new Trade();
        double[] bytes = new double[2];
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < warmUp; i++) {
                appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i)));
                tailer.readDocument(into);
                tailer.read();
            }
            long before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < messages; i++) {
                appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i)));
            }
            bytes[0] = (AllocationMeter.allocatedBytes() - before) / (double) messages;
            before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < messages / 2; i++) {
                tailer.readDocument(into);
                tailer.read();
            }
            bytes[1] = (AllocationMeter.allocatedBytes() - before) / (double) messages;
            if (into.seq + 2 > messages || !(tailer.read() == null)) {
                throw new AssertionError(wire + ": the reads did not keep up with the appends: at " + into.seq);
            }
        } finally {
            Journals.delete(directory);
        }
        return bytes;
    }

    /** {@return bytes allocated per {@link JournalTailer#readRecord} of a checksummed {@link Trade} on {@code wire}} */
    static double bytesPerRawRead(WireType wire, Path directory, int warmUp, int messages) {
        int cycleSize = (int) Math.min(JournalLayout.MAX_CYCLE_SIZE, (warmUp + (long) messages) * 128 + (1 << 20));
        Journal journal = Journal.open(directory, Journals.config(wire).cycleSize(cycleSize).checksums().build());
        Trade trade = new Trade();
        JournalRecord record = new JournalRecord();
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < warmUp + messages; i++) {
                appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i)));
            }
            for (int i = 0; i < warmUp; i++) {
                tailer.readRecord(record);
            }
            long before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < messages; i++) {
                tailer.readRecord(record);
            }
            double bytes = (AllocationMeter.allocatedBytes() - before) / (double) messages;
            if (record.index() != Journal.index(0, warmUp + messages - 1)) {
                throw new AssertionError(wire + ": readRecord stopped at " + Long.toHexString(record.index()));
            }
            return bytes;
        } finally {
            Journals.delete(directory);
        }
    }
}
