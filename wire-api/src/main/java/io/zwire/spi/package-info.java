/**
 * The service interface a wire's codec implements: a {@link io.zwire.spi.WireProvider}, found
 * with {@link java.util.ServiceLoader}, creates a {@link io.zwire.spi.WireReader} and a
 * {@link io.zwire.spi.WireWriter} over a {@link io.zwire.Bytes}. Users of zwire do not call these
 * types; wire modules implement them.
 *
 * <p>Contracts an implementation keeps, because the API promises them to users:
 * <ul>
 *   <li><b>One provider per wire type.</b> Two provider classes claiming one
 *       {@link io.zwire.WireType} make that type refused (see {@link io.zwire.spi.WireProvider}).</li>
 *   <li><b>Allocation.</b> Reading and writing a document allocate nothing in steady state; the
 *       factories allocate the reader's and writer's reusable state once.</li>
 *   <li><b>Threading.</b> A reader or writer serves one {@link io.zwire.Wire} and is used by one
 *       thread at a time; a provider is instantiated once per class loader and shared by every wire
 *       of its type, so it keeps no per-wire state.</li>
 *   <li><b>Exceptions.</b> Bad input is a {@link io.zwire.WireException} naming the wire and the
 *       byte offset, thrown before any work or memory out of proportion to the bytes received;
 *       never a hang, a {@link StackOverflowError} or a silently wrong value.</li>
 * </ul>
 */
package io.zwire.spi;
