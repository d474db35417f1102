package io.zwire.journal.internal;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file under a cycle's name whose header is not that cycle's: too short, wrong magic, another
 * layout version or number, a size or index that does not fit. Cycles are linked to their names
 * only once written, so this is damage that stays, unlike a failure to open or map the file,
 * which may not: a reader can pass such a cycle where it must retry another failure.
 */
public final class CycleHeaderException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int offset;
    private final String problem;

    CycleHeaderException(Path file, int offset, String problem) {
        super(file + " is not a journal cycle: " + problem);
        this.file = file;
        this.offset = offset;
        this.problem = problem;
    }

    /** {@return the file} */
    public Path file() {
        return file;
    }

    /** {@return the offset in the file of the header field that is wrong} */
    public int offset() {
        return offset;
    }

    /** {@return what is wrong, without the file's name} */
    public String problem() {
        return problem;
    }
}
