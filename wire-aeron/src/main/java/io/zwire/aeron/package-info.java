/**
 * Documents over Aeron: {@link io.zwire.aeron.WirePublication} publishes, {@link
 * io.zwire.aeron.WireSubscriber} reads fragments into reused instances, {@link
 * io.zwire.aeron.AeronMessageTypes} names the message types both sides share, and {@link
 * io.zwire.aeron.MessageHeader} draws the few bytes in front of each document.
 */
package io.zwire.aeron;
