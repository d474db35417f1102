package io.zwire.cli;

import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionConfig;
import io.zwire.test.harness.MarshallableType;

import java.io.Closeable;
import java.io.IOException;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The message types {@code zwire serve} and {@code zwire send} carry: the example {@link Order}, or
 * the user's own {@code Marshallable} classes named by {@code --type} and found on
 * {@code --classpath} (as {@code zwire garbage} finds them). Each is registered under its simple
 * class name, so both sides name a type alike without agreeing on anything else. Open while its
 * sessions run: the user's classes are loaded through its class loader as they are first used.
 */
final class MessageTypes implements Closeable {
    /** The {@code --type} option. */
    static final Option TYPE = UserClassPath.types("the example Order");

    private final URLClassLoader loader;
    private final List<MarshallableType> types;
    private final List<Marshallable> samples;
    private final TypeRegistry registry;

    private MessageTypes(URLClassLoader loader, List<MarshallableType> types, List<Marshallable> samples,
                         TypeRegistry registry) {
        this.loader = loader;
        this.types = types;
        this.samples = samples;
        this.registry = registry;
    }

    /**
     * The types {@code --type} names, or the example Order. Loads and constructs each once, so a
     * missing or unusable class is a usage error before any connection. Allocates.
     *
     * @throws UsageException naming the class and what is wrong with it
     */
    static MessageTypes all(Arguments arguments) throws UsageException {
        return load(arguments.list("type"), arguments.value("classpath", null));
    }

    /**
     * As {@link #all}, for a command that sends one type: {@code --type} names at most one class.
     *
     * @throws UsageException as {@link #all}, or for more than one class
     */
    static MessageTypes one(Arguments arguments) throws UsageException {
        List<String> names = arguments.list("type");
        if (names.size() > 1) {
            throw new UsageException("--type takes one class here, the type of the messages sent; got " + names);
        }
        return load(names, arguments.value("classpath", null));
    }

    private static MessageTypes load(List<String> names, String classPath) throws UsageException {
        if (names.isEmpty() && classPath != null) {
            throw new UsageException("--classpath is where --type classes are found: give --type too");
        }
        List<String> classes = names.isEmpty() ? List.of(Order.class.getName()) : names;
        URLClassLoader loader = UserClassPath.loader(classPath);
        try {
            List<MarshallableType> types = new ArrayList<>();
            TypeRegistry.Builder registry = TypeRegistry.builder();
            Set<String> aliases = new HashSet<>();
            for (String name : classes) {
                if (MarshallableType.namesAMarshaller(name)) {
                    throw new UsageException("--type " + name + " names a Marshaller; serve and send carry Marshallable"
                            + " classes (register the foreign type in a TypeRegistry of your own program)");
                }
                MarshallableType type = MarshallableType.load(name, loader);
                if (!aliases.add(type.simpleName())) {
                    throw new UsageException("two --type classes are called " + type.simpleName()
                            + ": a session names its types by simple name");
                }
                register(registry, type.simpleName(), type.type(), type);
                types.add(type);
            }
            TypeRegistry built = registry.build();
            List<Marshallable> samples = new ArrayList<>();
            for (MarshallableType type : types) {
                samples.add(recorded(type, built));
            }
            return new MessageTypes(loader, List.copyOf(types), List.copyOf(samples), built);
        } catch (IllegalArgumentException | IllegalStateException | LinkageError | UsageException e) {
            closeQuietly(loader);
            throw e instanceof UsageException usage ? usage : new UsageException(e.getMessage());
        }
    }

    /**
     * The instance whose schema a session announces for {@code type}: its sample, recorded once
     * here so that a write method that throws on it is a usage error before any connection.
     */
    private static Marshallable recorded(MarshallableType type, TypeRegistry registry) throws UsageException {
        Marshallable sample = type.newSource();
        try {
            Schema.of(sample, registry);
        } catch (RuntimeException e) {
            throw new UsageException(type.hasSample()
                    ? "writing " + type.name() + ".sample() threw " + e
                    : "writing a new " + type.name() + " threw " + e + ": give it a public static sample()");
        }
        return sample;
    }

    /** Registers {@code loaded} under {@code alias}, made by its public no-argument constructor. */
    static <M extends Marshallable> void register(TypeRegistry.Builder builder, String alias, Class<M> type,
                                                  MarshallableType loaded) {
        builder.add(alias, type, () -> type.cast(loaded.newTarget()));
    }

    private static void closeQuietly(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            // Nothing was loaded that needs the jars any more; the error being reported is the one that matters.
        }
    }

    /**
     * A session configuration carrying these types, speaking {@code wires} in that order of
     * preference; RAW is refused until the caller calls {@link SessionConfig.Builder#allowRaw()}.
     */
    SessionConfig.Builder sessionConfig(List<WireType> wires, BytesPool pool) {
        return OrderSessions.builder(registry, samples, wires, pool);
    }

    /** {@return whether these are the example Order, the default} */
    boolean isExample() {
        return types.size() == 1 && types.get(0).type() == Order.class;
    }

    /** The first type: the one {@code send} sends. */
    MarshallableType first() {
        return types.get(0);
    }

    /** {@return the simple names, as the handshake shows them: {@code [Order]}} */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (MarshallableType type : types) {
            names.add(type.simpleName());
        }
        return names;
    }

    /** Closes the class loader of the user's classes. */
    @Override
    public void close() throws IOException {
        loader.close();
    }
}
