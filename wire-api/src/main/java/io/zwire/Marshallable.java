package io.zwire;

/**
 * A type that writes and reads itself through any wire. Declare each field once as a
 * {@link Field} constant, and read with non-capturing lambdas, so nothing allocates per message:
 *
 * <pre>{@code
 * public final class Order implements Marshallable {
 *     static final Field ID = Field.of(1, "id"), SYMBOL = Field.of(2, "symbol");
 *     long id; String symbol;
 *
 *     public void writeMarshallable(WireOut out) {
 *         out.write(ID).int64(id)
 *            .write(SYMBOL).text(symbol);
 *     }
 *
 *     public void readMarshallable(WireIn in) {
 *         in.read(ID).int64(this, (o, v) -> o.id = v)
 *           .read(SYMBOL).text(this, (o, s) -> o.symbol = s);
 *     }
 * }
 * }</pre>
 *
 * <p>The two methods are also the schema: {@link Schema#of(java.util.function.Supplier)} runs
 * both against recording wires, the read method without calling a setter (on a new instance, a
 * sequence's element lambda runs once with default values), so keep them free of side effects
 * beyond the instance. RAW reads by position, so there the read method must ask for the fields
 * the write method writes, in the same order and as the same kinds ({@link Schema#rawProblem()}).
 *
 * <p>On the self-describing wires, a field the writer did not send reads as its default
 * (0, 0.0, false, null), fields may arrive in any order, and a field the reader does not ask for
 * is offered to {@link #unexpectedField(WireKey, ValueIn)} and otherwise skipped.
 */
public interface Marshallable {
    /**
     * Writes every field, in a fixed order. Must not depend on anything but this object's state.
     *
     * @param out where the fields are written; valid only during this call
     */
    void writeMarshallable(WireOut out);

    /**
     * Reads every field; the order should match the write order (the fast path).
     *
     * @param in where the fields are read from
     */
    void readMarshallable(WireIn in);

    /**
     * Called, after {@link #readMarshallable(WireIn)}, for each field on the wire that it did not
     * read. {@code value} is positioned at the field's value: read it in any form, or ignore it
     * (it is skipped). The default ignores it. Called only on the self-describing wires.
     *
     * @param key   the field's name or number, valid only during this call
     * @param value the field's value, valid only during this call
     */
    default void unexpectedField(WireKey key, ValueIn value) {
    }
}
