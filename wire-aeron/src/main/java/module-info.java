/**
 * zwire over Aeron ({@code io.zwire.aeron}): a publication that encodes each document in place in
 * Aeron's term buffer, and a fragment handler that reads each one in place into a reused instance.
 * Needs {@code io.zwire} and Aeron's client (with Agrona); the wires a publication may use are
 * whichever wire modules are present.
 */
module io.zwire.aeron {
    requires transitive io.zwire;
    requires transitive io.aeron.client;
    requires transitive org.agrona;

    exports io.zwire.aeron;
}
