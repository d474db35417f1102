package io.zwire;

import io.zwire.internal.RecordMarshaller;

/**
 * A {@link Marshaller} and one of its objects seen as a {@link Marshallable}, for the machinery
 * built on {@code Marshallable}: a wire reader's unexpected-field hook ({@link
 * io.zwire.spi.WireReader#endMarshallable} takes a {@code Marshallable}) and the schema
 * recorders. The read path keeps a few of these per {@link DocumentReader} and refills them, so
 * they cost nothing per read.
 *
 * @param <T> the marshaller's type
 */
final class ForeignObject<T> implements Marshallable {
    private Marshaller<T> marshaller;
    private T value;

    ForeignObject(Marshaller<T> marshaller, T value) {
        this.marshaller = marshaller;
        this.value = value;
    }

    /** Points this at {@code object} of {@code objectMarshaller}; allocates nothing. */
    @SuppressWarnings("unchecked")
    <U> ForeignObject<U> set(Marshaller<U> objectMarshaller, U object) {
        ForeignObject<U> self = (ForeignObject<U>) this;
        self.marshaller = objectMarshaller;
        self.value = object;
        return self;
    }

    Marshaller<T> marshaller() {
        return marshaller;
    }

    T value() {
        return value;
    }

    /** The class an object of this kind is named by: the marshaller's type, for any {@code Marshallable} its own class. */
    static Class<?> typeOf(Marshallable object) {
        return object instanceof ForeignObject<?> foreign ? foreign.marshaller.type() : object.getClass();
    }

    /**
     * True when {@code object} is read through a marshaller that builds a new instance on every
     * read, whatever is offered to reuse: {@link Marshaller#immutable} or {@link Marshaller#ofRecord}.
     */
    static boolean buildsPerRead(Marshallable object) {
        return object instanceof ForeignObject<?> foreign
                && (foreign.marshaller instanceof FunctionMarshaller<?> function && function.buildsPerRead()
                || foreign.marshaller instanceof RecordMarshaller<?>);
    }

    /** True for a holder with no object yet: one the marshaller makes on reading (always, for an immutable type). */
    static boolean isUnread(Marshallable object) {
        return object instanceof ForeignObject<?> foreign && foreign.value == null;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        marshaller.write(value, out);
    }

    @Override
    public void readMarshallable(WireIn in) {
        value = marshaller.read(value, in);
    }

    @Override
    public void unexpectedField(WireKey key, ValueIn in) {
        marshaller.unexpectedField(value, key, in);
    }

    @Override
    public String toString() {
        return "ForeignObject[" + marshaller + ", " + value + "]";
    }
}
