/**
 * The journal: zwire documents persisted in memory-mapped cycle files, appended by threads and
 * processes and read by tailers ({@code io.zwire.journal}). {@code io.zwire.journal.internal}
 * holds the file layout and is not exported.
 */
module io.zwire.journal {
    requires transitive io.zwire;

    exports io.zwire.journal;
}
