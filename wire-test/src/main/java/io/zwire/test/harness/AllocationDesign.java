package io.zwire.test.harness;

import io.zwire.FieldKind;
import io.zwire.FieldSchema;
import io.zwire.Schema;

import java.util.List;
import java.util.Set;

/**
 * Says whether an {@link AllocationSite} is one the type's {@link Schema} already knows allocates
 * by design, and why, from the kind of the field it belongs to. Only a read can be by design, and
 * only these: {@code text} read into a {@code String} or {@code bytes} into a {@code byte[]} when
 * zwire's own reader made it (not the type's setter); under a field read through a marshaller the
 * schema records as building one per read ({@link FieldSchema#builtPerRead()}: {@code ofRecord},
 * {@code immutable}), that object itself; the foreign type itself when its marshaller builds it.
 * Anything else is not by design: an allocation while writing, in a helper or tied to no field,
 * boxing, a capturing lambda the JIT did not remove, anything under a record field that is not the
 * record, a mutable type ({@code Marshallable} or not) read with no instance to reuse.
 */
final class AllocationDesign {
    private static final String BYTE_ARRAY = "byte[]";
    private static final Set<String> TEXT = Set.of("java.lang.String", BYTE_ARRAY);
    private static final Set<String> BOXES = Set.of("java.lang.Long", "java.lang.Integer", "java.lang.Double",
            "java.lang.Float", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean");

    private final Schema schema;
    private final Class<?> type;

    /**
     * @param schema the checked type's schema
     * @param type   the checked type (a foreign type's class, for a marshaller)
     */
    AllocationDesign(Schema schema, Class<?> type) {
        this.schema = schema;
        this.type = type;
    }

    /** {@return why {@code site} allocates by design, or null when it does not} */
    String reason(AllocationSite site) {
        if (site.side() != AllocationSite.Side.READ) {
            return null;
        }
        if (site.objectClass().equals(type.getName()) && !site.hasField()) {
            return "its Marshaller builds a new " + type.getSimpleName() + " per read"
                    + (type.isRecord() ? " (a record)" : " (an immutable type)");
        }
        FieldSchema field = field(site);
        return field == null ? null : reason(field, site.objectClass(), site.maker());
    }

    /** {@return what is wrong when {@code site} is not by design: the usual fix, or that the schema expects nothing there} */
    String problem(AllocationSite site) {
        if (site.side() == AllocationSite.Side.WRITE) {
            return "made while writing: writing a document allocates nothing by design";
        }
        if (site.side() == AllocationSite.Side.UNKNOWN) {
            return "cannot tell whether it was made while reading or writing";
        }
        if (BOXES.contains(site.objectClass())) {
            return "boxing: a " + site.objectClass().substring("java.lang.".length())
                    + " per value; keep the value in a primitive field";
        }
        if (!site.hasField()) {
            return "tied to none of the type's fields";
        }
        FieldSchema field = field(site);
        if (field != null && site.maker() == AllocationSite.Maker.USER_CODE
                && (field.kind() == FieldKind.TEXT || field.kind() == FieldKind.BYTES)) {
            return "made by the type's own code (its setter or a method it calls), not by " + field.kind() + "'s read";
        }
        if (field != null && field.type() != null && site.objectClass().equals(field.type().getName())
                && !field.builtPerRead()) {
            return "a new " + field.type().getSimpleName() + " per read: pass the field's current instance to reuse,"
                    + " not null";
        }
        return field == null ? "a field the schema does not record"
                : "the schema reads " + site.fieldName() + " as " + field.kind() + ", which allocates no "
                + site.objectClass();
    }

    private static String reason(FieldSchema field, String objectClass, AllocationSite.Maker maker) {
        FieldKind kind = field.kind();
        if (maker == AllocationSite.Maker.ZWIRE && kind == FieldKind.TEXT && TEXT.contains(objectClass)) {
            return "text() makes a String where the text cache does not hold the value (unique, or longer than"
                    + " the cache's limit); textTo(StringBuilder) makes none";
        }
        if (maker == AllocationSite.Maker.ZWIRE && kind == FieldKind.BYTES && BYTE_ARRAY.equals(objectClass)) {
            return "bytes() makes a byte[] per read; bytesTo(Bytes) makes none";
        }
        if ((kind == FieldKind.MARSHALLABLE || kind == FieldKind.TYPED) && field.type() != null) {
            Class<?> nested = field.type();
            if (!field.builtPerRead() || !objectClass.equals(nested.getName())) {
                // Only the object itself, and only from a marshaller that must build one: anything else
                // under the field (boxing, a list) is not known, and a mutable type can be read into the old one.
                return null;
            }
            return nested.isRecord() ? "a " + nested.getSimpleName() + " record, built per read (Marshaller.ofRecord)"
                    : "its Marshaller builds a new " + nested.getSimpleName() + " per read (Marshaller.immutable)";
        }
        if ((kind == FieldKind.SEQUENCE || kind == FieldKind.MAP) && field.element() != null) {
            String element = reason(field.element(), objectClass, maker);
            return element == null ? null : "each element: " + element;
        }
        return null;
    }

    /** The recorded field the site names; null when none matches. */
    private FieldSchema field(AllocationSite site) {
        if (!site.hasField()) {
            return null;
        }
        // Reads first: a read is where a new object is made; a field only written is found among the writes.
        for (List<FieldSchema> fields : List.of(schema.readFields(), schema.fields())) {
            for (FieldSchema field : fields) {
                if (field.number() == site.fieldNumber() && field.name().equals(site.fieldName())) {
                    return field;
                }
            }
        }
        return null;
    }
}
