/**
 * Shared by the binary wires' dumps ({@link io.zwire.binary.BinaryDump}): the annotated-hex line
 * format. Not exported.
 */
package io.zwire.binary.dump;
