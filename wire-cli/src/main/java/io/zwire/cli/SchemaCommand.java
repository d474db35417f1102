package io.zwire.cli;

import io.zwire.Marshaller;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.binary.ProtoSchema;
import io.zwire.jsonschema.JsonSchema;
import io.zwire.test.harness.MarshallableType;

import java.io.IOException;
import java.net.URLClassLoader;
import java.util.List;

/**
 * {@code zwire schema}: the {@code .proto} file of a type's NUMBERED documents
 * ({@link ProtoSchema}) or the JSON Schema of its JSON documents ({@link JsonSchema}), recorded
 * from the type's own methods, on standard output.
 */
public final class SchemaCommand implements Command {
    private static final List<String> FORMATS = List.of("proto", "json-schema");

    @Override
    public String name() {
        return "schema";
    }

    @Override
    public String summary() {
        return "print the .proto (NUMBERED) or JSON Schema (JSON) of a Marshallable type";
    }

    @Override
    public String synopsis() {
        return "zwire schema --type CLASS --format proto|json-schema [--classpath PATH] [--typed ALIAS=CLASS[,...]]";
    }

    @Override
    public String details() {
        return "The schema is recorded from the type's own readMarshallable and writeMarshallable (the read side:\n"
                + "what it asks for, whatever the values), on a new instance from its public no-argument constructor;\n"
                + "for --type Holder#FIELD, through that Marshaller, as zwire garbage takes it.\n"
                + "A typed field may hold any type given with --typed, under its alias; each gets its message or $defs\n"
                + "entry. What the .proto cannot express is said in its comments (docs/schemas.md).\n"
                + "\n"
                + "Exit status: 0 written; 1 the type's schema could not be recorded; 2 bad arguments.\n"
                + "Example: zwire schema --type com.acme.Order --format proto --classpath target/classes > order.proto";
    }

    @Override
    public List<Option> options() {
        return List.of(
                UserClassPath.type(", or Holder#FIELD: a public static Marshaller field, for a type that is not"
                        + " Marshallable"),
                Option.value("format", "FORMAT", "proto (the .proto of NUMBERED) or json-schema (of JSON)"),
                UserClassPath.OPTION,
                Option.value("typed", "ALIASES", "ALIAS=CLASS pairs a typed field may hold, comma-separated"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        String name = arguments.value("type", null);
        if (name == null) {
            throw new UsageException("--type CLASS is required");
        }
        if (arguments.value("format", null) == null) {
            throw new UsageException("--format proto|json-schema is required");
        }
        String format = arguments.choice("format", null, FORMATS);
        try (URLClassLoader loader = UserClassPath.loader(arguments.value("classpath", ""))) {
            Marshaller<?> marshaller = MarshallableType.namesAMarshaller(name) ? MarshallableType.marshaller(name, loader) : null;
            MarshallableType type = marshaller == null ? MarshallableType.load(name, loader) : null;
            TypeRegistry types = registry(arguments.list("typed"), loader);
            String text;
            try {
                Schema schema = marshaller != null ? Schema.of(marshaller, types) : Schema.of(type::newTarget, types);
                text = format.equals("proto") ? ProtoSchema.of(schema, types) : JsonSchema.of(schema, types);
            } catch (RuntimeException e) {
                console.err().println("zwire schema: cannot record the schema of " + name + ": " + e.getMessage());
                return FAILED;
            }
            console.out().print(text);
            console.out().flush();
            return OK;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } catch (IOException e) {
            throw UserClassPath.unreadable(e);
        }
    }

    private static TypeRegistry registry(List<String> pairs, ClassLoader loader) throws UsageException {
        TypeRegistry.Builder builder = TypeRegistry.builder();
        for (String pair : pairs) {
            int equals = pair.indexOf('=');
            if (equals <= 0 || equals == pair.length() - 1) {
                throw new UsageException("--typed takes ALIAS=CLASS, not " + pair);
            }
            MarshallableType type = MarshallableType.load(pair.substring(equals + 1), loader);
            MessageTypes.register(builder, pair.substring(0, equals), type.type(), type);
        }
        return builder.build();
    }
}
