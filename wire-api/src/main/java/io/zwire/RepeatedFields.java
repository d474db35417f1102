package io.zwire;

/**
 * What {@link Wire#readDocument} does when one object of a keyed wire (YAML, YAML_NUMBERED, JSON,
 * BINARY) carries a field the type reads more than once, a key spelled differently included
 * ({@code "q\u0074y"} is {@code "qty"}). Other readers disagree: jackson, Python's {@code json}
 * and protobuf keep the last, some keep the first, strict ones refuse; a validator in front of a
 * zwire reader that picked otherwise would pass a value that is not the one acted on. Hence the
 * default refuses. Set per wire through {@link WireOptions#withRepeatedFields(RepeatedFields)}.
 *
 * <p>Only the fields the type reads are checked: a key no {@code read} call named is offered to
 * {@link Marshallable#unexpectedField} once per occurrence, in input order, and the hook decides.
 * The keys of a map are the reading code's ({@link ValueIn#textKey()} hands every entry's key,
 * in input order). NUMBERED is protobuf and follows protobuf's rules whatever this says: the
 * last occurrence of a scalar wins, those of a message are merged, those of a repeated field
 * gathered. RAW has no keys.
 */
public enum RepeatedFields {
    /**
     * The default: a repeated field fails the document with a {@link WireException} naming the
     * field, at the repeat. The setters of the fields read before it have run, as with any
     * document that fails part-way. Costs nothing while an object carries no key beyond the ones
     * read.
     */
    REFUSE,
    /**
     * The first occurrence is the field's value; each later one is offered to
     * {@link Marshallable#unexpectedField} as an unknown field would be.
     */
    FIRST,
    /**
     * The last occurrence is the field's value, as jackson, Python and protobuf read it; the
     * earlier ones are skipped. Every object is indexed before its first field is read, so
     * reading costs more than in write order (see docs/benchmarks.md); still no garbage in steady
     * state.
     */
    LAST
}
