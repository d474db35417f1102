package io.zwire.internal;

import io.zwire.Field;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Optional;

/**
 * How a record's {@code Optional} components are written and read: the {@code writeOptional} and
 * {@code readOptional} methods {@link RecordMarshaller}'s codecs bind, with the content's
 * {@link RecordElement} first, of a {@linkplain RecordElement.Kind#nullable nullable} kind.
 */
final class RecordOptionals {
    private RecordOptionals() {
    }

    /** An empty or null optional is the wire's null. Allocates nothing of its own (an object's marshaller may). */
    static void writeOptional(RecordElement content, Field f, WireOut out, Object v) {
        Optional<?> optional = (Optional<?>) v;
        content.write(optional == null ? null : optional.orElse(null), out.write(f));
    }

    /**
     * The wire's null, or a field the document lacks, reads as {@code Optional.empty()}, which
     * allocates nothing; a present value allocates the optional and the value's object.
     *
     * @throws WireException for bad input
     */
    static Object readOptional(RecordElement content, Field f, WireIn in) {
        return Optional.ofNullable(content.readNullable(in.read(f)));
    }
}
