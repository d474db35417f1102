/**
 * The JSON Schema of a type's documents on zwire's JSON wire: {@link io.zwire.jsonschema.JsonSchema}.
 */
package io.zwire.jsonschema;
