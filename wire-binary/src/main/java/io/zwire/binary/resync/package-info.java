/** What the binary readers share to find the next document after a refused one; not exported. */
package io.zwire.binary.resync;
