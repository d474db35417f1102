package io.zwire;

/**
 * A function object that a type's {@code readMarshallable} or {@code writeMarshallable} passes to
 * zwire and that captures state, found by {@link Schema#capturingLambdas()}. A lambda or method
 * reference that captures nothing has a class with no instance fields and is one object for the
 * whole JVM; one that captures ({@code (o, v) -> qty = v} captures {@code this}, so does
 * {@code this::setQty}) is a new object each time the expression runs, unless the JIT removes it.
 *
 * @param fieldNumber the number of the field it is passed for; for a lambda inside a sequence,
 *                    the sequence's field
 * @param fieldName   that field's name
 * @param description what it is and what it captures, e.g. {@code "setter captures this
 *                    (Quote.readMarshallable)"} or {@code "element of fills: setter captures a
 *                    local of type long (Book.readMarshallable)"}
 * @param lambdaClass the function object's class name (a lambda's is a hidden class, whose name
 *                    differs from run to run)
 */
public record CapturingLambda(int fieldNumber, String fieldName, String description, String lambdaClass) {
    /** One line: the field's name and number, as other zwire messages name a field, then the description. */
    @Override
    public String toString() {
        return "field " + fieldName + " (" + fieldNumber + "): " + description;
    }
}
