/**
 * Writing YAML scalars: the quoting policy, escapes, numbers and base64, without allocation
 * ({@link io.zwire.yaml.emit.ScalarWriter}). Internal to the module.
 */
package io.zwire.yaml.emit;
