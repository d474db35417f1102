/**
 * zwire's API: {@link io.zwire.Bytes}, {@link io.zwire.Field}, the marshalling facades, the wire
 * types and the schema recorder ({@code io.zwire}); the service interface wire implementations
 * plug into ({@code io.zwire.spi}). {@code io.zwire.internal} is shared with zwire's own wire
 * modules only. Sessions over TCP are module {@code io.zwire.session} (artifact wire-session).
 */
// The qualified export names zwire's own wire modules, which are built after this one and so are
// not on its module path: javac's "module not found" lint is expected here.
@SuppressWarnings("module")
module io.zwire {
    exports io.zwire;
    exports io.zwire.spi;
    exports io.zwire.internal to io.zwire.yaml, io.zwire.binary;

    uses io.zwire.spi.WireProvider;
}
