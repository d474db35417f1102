package io.zwire.journal.internal;

/**
 * When the pages of a cycle's new mapping are faulted in. A page first touched through a mapping
 * costs a fault (some microseconds on a virtual machine, 8 us measured here with
 * {@code zwire-bench journal-latency --page-faults}); a whole 256 MiB cycle costs about half a
 * second. Where that time goes decides whose messages wait.
 */
public enum PageFaulting {
    /**
     * Every page at once, when the cycle is mapped: for the cycle-preparing thread and appenders,
     * so appends never wait on a fault.
     */
    AT_MAPPING,
    /**
     * Each page when first read: for a tailer that maps a cycle another process created, on its
     * own reading thread, where faulting the whole cycle in would hold every message behind the
     * roll for that half second; spread out, a fault delays a message by microseconds every
     * 4 KiB read.
     */
    ON_FIRST_TOUCH
}
