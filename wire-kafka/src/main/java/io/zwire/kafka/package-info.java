/**
 * zwire over Kafka: {@link io.zwire.kafka.ZwireSerializer} encodes a
 * {@link io.zwire.Marshallable} on a chosen wire and writes the record headers
 * ({@link io.zwire.kafka.ZwireHeaders}); {@link io.zwire.kafka.ZwireDeserializer} reads the
 * record's {@code ByteBuffer} in place on the wire the headers name, into a new or a reused
 * instance; {@link io.zwire.kafka.ZwireSerde} pairs them for Kafka Streams. Configured through
 * constructors or Kafka's properties ({@link io.zwire.kafka.ZwireKafkaConfig}).
 */
package io.zwire.kafka;
