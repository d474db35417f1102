/**
 * Reading YAML: a pull parser ({@link io.zwire.yaml.parse.YamlParser}) over a byte array that
 * leaves scalars as ranges of the input, the scanners and checks under it, the decoding of
 * scalars that are not their own value ({@link io.zwire.yaml.parse.ScalarDecoder}), and the core
 * schema's reading of plain scalars ({@link io.zwire.yaml.parse.CoreSchema}). Shared by the typed
 * reader and the plain-value reader; internal to the module.
 */
package io.zwire.yaml.parse;
