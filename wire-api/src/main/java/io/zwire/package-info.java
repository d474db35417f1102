/**
 * zwire's API: marshal a {@link io.zwire.Marshallable} type to and from bytes on any of six wires.
 *
 * <p>{@link io.zwire.Bytes} is the buffer; {@link io.zwire.Field} declares a field once;
 * {@link io.zwire.WireType} creates a {@link io.zwire.Wire} over a {@code Bytes}; a type's
 * {@code writeMarshallable} and {@code readMarshallable} use {@link io.zwire.WireOut}/{@link io.zwire.ValueOut}
 * and {@link io.zwire.WireIn}/{@link io.zwire.ValueIn}. {@link io.zwire.Schema} and
 * {@link io.zwire.SchemaRecorder} describe a type's fields; {@link io.zwire.TypeRegistry} names
 * the types of polymorphic values.
 *
 * <p>Contracts that hold across the package, unless a member's javadoc says otherwise:
 * <ul>
 *   <li><b>Allocation.</b> Reading and writing a document allocate nothing in steady state:
 *       factories ({@code WireType.apply}, {@code Bytes.elastic}, {@code Field.of}), the growth of
 *       an elastic {@code Bytes}, the first use of a type and the error path allocate, and each
 *       such member says so.</li>
 *   <li><b>Threading.</b> A {@code Wire}, a {@code Bytes} and the readers and writers a wire hands
 *       out are not thread-safe: one per thread, or per session. {@code Field}, {@code WireOptions}
 *       and {@code ReadLimits} are immutable and may be shared.</li>
 *   <li><b>Blocking.</b> Nothing here blocks; channel I/O ({@code Bytes.readFrom},
 *       {@code Bytes.writeTo}) blocks exactly as the channel given does.</li>
 *   <li><b>Exceptions.</b> Bad input is a {@link io.zwire.WireException} naming the wire, the byte
 *       offset and what was expected there, never a hang or a silently wrong value; after one, the
 *       wire reads the next document. Misuse by the caller (a position outside the buffer, a call
 *       out of place, an argument out of range) is an {@link IndexOutOfBoundsException},
 *       {@link IllegalStateException} or {@link IllegalArgumentException}, as each member says.</li>
 * </ul>
 */
package io.zwire;
