/**
 * YAML documents as plain Java values and back, for tools, tests and conversion between wires
 * ({@link io.zwire.Wire#readValue}, {@link io.zwire.Wire#writeValue}). Allocates freely.
 * Internal to the module.
 */
package io.zwire.yaml.value;
