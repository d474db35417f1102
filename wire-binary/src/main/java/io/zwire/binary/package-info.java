/**
 * zwire's binary wires as seen from outside: {@link io.zwire.binary.BinaryDump}, annotated hex of
 * BINARY, NUMBERED and RAW documents. The wires themselves are reached through
 * {@link io.zwire.WireType}.
 */
package io.zwire.binary;
