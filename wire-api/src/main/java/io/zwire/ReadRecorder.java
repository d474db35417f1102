package io.zwire;

import io.zwire.internal.MisplacedCalls;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * The recording reader behind {@link Schema}: a {@link ValueIn} that reads no bytes and records
 * what {@code readMarshallable} asks for (each field's number, name and kind, in order, with
 * nested fields, sequence elements and enum constants). It never calls a setter; direct forms
 * return defaults (0, false, null). Every function object it is given goes to
 * {@link LambdaCaptures}, and every object it reads is compared with what that same object
 * writes ({@link ReadOrder}).
 *
 * <p>A nested object is read into the instance a real read would use: {@code into},
 * {@code reuse}, or a new one from the factory; a typed object into {@code reuse} only, and
 * without recording its fields (which type arrives is the document's choice). A sequence's element
 * lambda runs, with {@link #hasNextElement()} true once, only on an instance that belongs to the
 * recording (from a factory): on a user's instance it would clear or fill the user's collections,
 * so there the lambda is not run and the element is not recorded. An object of a type already
 * being read (a recursive type) is recorded without its fields, and so is anything nested deeper
 * than {@link #MAX_DEPTH} (an element lambda that recurses into itself).
 *
 * <p>Allocates freely; for recording a schema, once per type.
 */
final class ReadRecorder extends ValueIn {
    /** Objects and sequences nested deeper than this are recorded without their content. */
    static final int MAX_DEPTH = 32;

    /** An object whose {@code readMarshallable} runs, or a sequence whose element lambda runs. */
    private static final class Scope {
        final Scope parent;
        /** The type whose method reads here (for a sequence, the one reading the sequence). */
        final Class<?> type;
        /** The field this scope is the value of; null at the top and for an element. */
        final Field field;
        final boolean sequence;
        /** A map is a sequence whose every value comes after a key. */
        final boolean map;
        /** True when the instance belongs to the recording, so its element lambdas may run. */
        final boolean owned;
        final int depth;
        final List<FieldSchema> fields = new ArrayList<>();
        /** A field named by {@link #read(Field)} whose value has not been read yet. */
        Field pending;
        FieldSchema element;
        boolean elementOffered;
        /** A map's first key read. */
        FieldSchema key;
        /** In a map: a key was read and its value is awaited. */
        boolean keyed;

        Scope(Scope parent, Class<?> type, Field field, FieldKind kind, boolean owned) {
            this.parent = parent;
            this.type = type;
            this.field = field;
            this.sequence = kind == FieldKind.SEQUENCE || kind == FieldKind.MAP;
            this.map = kind == FieldKind.MAP;
            this.owned = owned;
            this.depth = parent == null ? 0 : parent.depth + 1;
        }
    }

    private final WireType wireType;
    private final TypeRegistry types;
    private final LambdaCaptures captures;
    /** One slot per object read, in the order they were entered: null where reads match writes. */
    private final List<String> problems = new ArrayList<>();
    private List<FieldSchema> fields;
    private Scope scope;

    private ReadRecorder(WireType wireType, TypeRegistry types, LambdaCaptures captures) {
        this.wireType = wireType;
        this.types = types;
        this.captures = captures;
    }

    /**
     * Records {@code instance}'s read method.
     *
     * @param owned  true when {@code instance} belongs to the recording and may be changed
     * @param writes what {@code instance}'s type writes, to compare its reads with
     * @param wire   what {@link #wireType()} reports to the read method; null for a schema
     */
    static ReadRecorder record(Marshallable instance, boolean owned, List<FieldSchema> writes, WireType wire,
                               TypeRegistry types, LambdaCaptures captures) {
        ReadRecorder recorder = new ReadRecorder(wire, types, captures);
        recorder.fields = recorder.object(instance, null, owned, writes);
        return recorder;
    }

    /** The top-level fields in read order. */
    List<FieldSchema> fields() {
        return fields;
    }

    /** Where an object's reads differ from its writes, outermost first, each in words; empty when none do. */
    List<String> problems() {
        return problems.stream().filter(Objects::nonNull).toList();
    }

    // ------------------------------------------------------------------ recording

    private List<FieldSchema> object(Marshallable instance, Field field, boolean owned, List<FieldSchema> writes) {
        int slot = problems.size();
        problems.add(null);
        Scope outer = scope;
        Class<?> type = ForeignObject.typeOf(instance);
        // An object a marshaller makes exists only once read: what it writes is known only then.
        boolean writesAfterRead = ForeignObject.isUnread(instance);
        scope = new Scope(outer, type, field, FieldKind.MARSHALLABLE, owned);
        instance.readMarshallable(this);
        leftUnread();
        List<FieldSchema> reads = scope.fields;
        scope = outer;
        List<FieldSchema> written = writesAfterRead ? writesOf(instance) : writes;
        if (written != null) {
            problems.set(slot, ReadOrder.problem(type, written, reads));
        }
        return reads;
    }

    /** What {@code instance} writes, or null if its write method fails on it (a sparse instance may not write). */
    private List<FieldSchema> writesOf(Marshallable instance) {
        try {
            return SchemaRecorder.record(instance, wireType, types, null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** True when an object of {@code type} is not to be entered here: already being read, or too deep. */
    private boolean cut(Class<?> type) {
        if (scope.depth >= MAX_DEPTH) {
            return true;
        }
        for (Scope s = scope; s != null; s = s.parent) {
            if (!s.sequence && s.type == type) {
                return true;
            }
        }
        return false;
    }

    /** The field the next value belongs to: the one named, or null for a sequence element or map value. */
    private Field take() {
        if (scope.sequence) {
            if (scope.map) {
                if (!scope.keyed) {
                    throw MisplacedCalls.valueWithoutKey(false);
                }
                scope.keyed = false;
            }
            return null;
        }
        Field field = scope.pending;
        if (field == null) {
            throw new IllegalStateException("a value read in " + scope.type.getName()
                    + ".readMarshallable needs in.read(field) first");
        }
        scope.pending = null;
        return field;
    }

    /** Records a field named and not read: RAW cannot leave a value unread. */
    private void leftUnread() {
        if (scope.pending != null) {
            add(take(), FieldKind.NULL, List.of(), null, List.of(), false);
        }
    }

    private void add(Field field, FieldKind kind, List<FieldSchema> nested, FieldSchema element,
                     List<String> constants, boolean truncated) {
        add(field, kind, nested, element, constants, null, truncated);
    }

    private FieldSchema add(Field field, FieldKind kind, List<FieldSchema> nested, FieldSchema element,
                            List<String> constants, Class<?> type, boolean truncated) {
        return add(field, kind, nested, null, element, constants, type, truncated);
    }

    /** Adds the field to the scope (or makes it the sequence's element) and returns it. */
    private FieldSchema add(Field field, FieldKind kind, List<FieldSchema> nested, FieldSchema key, FieldSchema element,
                            List<String> constants, Class<?> type, boolean truncated) {
        FieldSchema schema = new FieldSchema(field == null ? 0 : field.number(), field == null ? "" : field.name(),
                kind, nested, key, element, constants, null, type, truncated);
        if (!scope.sequence) {
            scope.fields.add(schema);
        } else if (scope.element == null) {
            scope.element = schema;
        }
        return schema;
    }

    private void inspect(Object function, Field field, String role) {
        if (captures == null) {
            return;
        }
        Field named = field;
        for (Scope s = scope; named == null && s != null; s = s.parent) {
            named = s.field;
        }
        captures.inspect(function, named, scope.sequence, role, scope.type);
    }

    private WireIn leaf(FieldKind kind, Object setter) {
        Field field = take();
        inspect(setter, field, "setter");
        add(field, kind, List.of(), null, List.of(), false);
        return this;
    }

    private WireIn nested(Field field, FieldKind kind, Marshallable instance, boolean owned) {
        boolean enter = instance != null && !cut(ForeignObject.typeOf(instance));
        List<FieldSchema> nested = enter
                ? object(instance, field, owned, ForeignObject.isUnread(instance) ? null : writesOf(instance)) : List.of();
        boolean typed = kind == FieldKind.TYPED;
        FieldSchema added = add(field, kind, typed ? List.of() : nested, null, List.of(),
                typed || instance == null ? null : ForeignObject.typeOf(instance), !enter && !typed);
        if (instance != null && ForeignObject.buildsPerRead(instance)) {
            added.markBuiltPerRead();
        }
        return this;
    }

    // ------------------------------------------------------------------ WireIn and ValueIn

    @Override
    public ValueIn read(Field field) {
        if (scope.sequence) {
            throw scope.map ? MisplacedCalls.fieldReadInMap(field) : MisplacedCalls.fieldRead(field, true);
        }
        leftUnread();
        scope.pending = field;
        return this;
    }

    @Override
    public WireType wireType() {
        return wireType;
    }

    @Override
    public byte int8() {
        leaf(FieldKind.INT8, null);
        return 0;
    }

    @Override
    public <T> WireIn int8(T target, ObjByteConsumer<T> setter) {
        return leaf(FieldKind.INT8, setter);
    }

    @Override
    public short int16() {
        leaf(FieldKind.INT16, null);
        return 0;
    }

    @Override
    public <T> WireIn int16(T target, ObjShortConsumer<T> setter) {
        return leaf(FieldKind.INT16, setter);
    }

    @Override
    public int uint16() {
        leaf(FieldKind.UINT16, null);
        return 0;
    }

    @Override
    public <T> WireIn uint16(T target, ObjIntConsumer<T> setter) {
        return leaf(FieldKind.UINT16, setter);
    }

    @Override
    public int int32() {
        leaf(FieldKind.INT32, null);
        return 0;
    }

    @Override
    public <T> WireIn int32(T target, ObjIntConsumer<T> setter) {
        return leaf(FieldKind.INT32, setter);
    }

    @Override
    public long int64() {
        leaf(FieldKind.INT64, null);
        return 0;
    }

    @Override
    public <T> WireIn int64(T target, ObjLongConsumer<T> setter) {
        return leaf(FieldKind.INT64, setter);
    }

    @Override
    public float float32() {
        leaf(FieldKind.FLOAT32, null);
        return 0;
    }

    @Override
    public <T> WireIn float32(T target, ObjFloatConsumer<T> setter) {
        return leaf(FieldKind.FLOAT32, setter);
    }

    @Override
    public double float64() {
        leaf(FieldKind.FLOAT64, null);
        return 0;
    }

    @Override
    public <T> WireIn float64(T target, ObjDoubleConsumer<T> setter) {
        return leaf(FieldKind.FLOAT64, setter);
    }

    @Override
    public boolean bool() {
        leaf(FieldKind.BOOL, null);
        return false;
    }

    @Override
    public <T> WireIn bool(T target, ObjBooleanConsumer<T> setter) {
        return leaf(FieldKind.BOOL, setter);
    }

    @Override
    public char char16() {
        leaf(FieldKind.CHAR16, null);
        return 0;
    }

    @Override
    public <T> WireIn char16(T target, ObjCharConsumer<T> setter) {
        return leaf(FieldKind.CHAR16, setter);
    }

    @Override
    public String text() {
        leaf(FieldKind.TEXT, null);
        return null;
    }

    @Override
    public <T> WireIn text(T target, BiConsumer<? super T, String> setter) {
        return leaf(FieldKind.TEXT, setter);
    }

    @Override
    public WireIn textTo(StringBuilder target) {
        return leaf(FieldKind.TEXT, null);
    }

    @Override
    public byte[] bytes() {
        leaf(FieldKind.BYTES, null);
        return null;
    }

    @Override
    public <T> WireIn bytes(T target, BiConsumer<? super T, byte[]> setter) {
        return leaf(FieldKind.BYTES, setter);
    }

    @Override
    public WireIn bytesTo(Bytes target) {
        return leaf(FieldKind.BYTES, null);
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        enumValue(type, null);
        return null;
    }

    @Override
    public <T, E extends Enum<E>> WireIn asEnum(Class<E> type, T target, BiConsumer<? super T, ? super E> setter) {
        return enumValue(type, setter);
    }

    private WireIn enumValue(Class<? extends Enum<?>> type, Object setter) {
        Field field = take();
        inspect(setter, field, "setter");
        add(field, FieldKind.ENUM, List.of(), null, Arrays.stream(type.getEnumConstants()).map(Enum::name).toList(), type,
                false);
        return this;
    }

    @Override
    public WireIn marshallable(Marshallable into) {
        return nested(take(), FieldKind.MARSHALLABLE, into, scope.owned);
    }

    @Override
    public <T, M extends Marshallable> WireIn marshallable(T target, M reuse, Supplier<? extends M> factory,
                                                         BiConsumer<? super T, ? super M> setter) {
        Field field = take();
        inspect(setter, field, "setter");
        inspect(factory, field, "factory");
        Marshallable instance = reuse != null ? reuse : factory.get();
        return nested(field, FieldKind.MARSHALLABLE, instance, reuse == null || scope.owned);
    }

    @Override
    public <M> M object(M reuse, Marshaller<M> marshaller) {
        ForeignObject<M> instance = new ForeignObject<>(marshaller, reuse);
        nested(take(), FieldKind.MARSHALLABLE, instance, reuse == null || scope.owned);
        return instance.value();
    }

    @Override
    public <T, M> WireIn object(T target, M reuse, Marshaller<M> marshaller, BiConsumer<? super T, ? super M> setter) {
        Field field = take();
        inspect(setter, field, "setter");
        nested(field, FieldKind.MARSHALLABLE, new ForeignObject<>(marshaller, reuse), reuse == null || scope.owned);
        return this;
    }

    @Override
    public <T, M extends Marshallable> WireIn typed(Class<M> base, T target, M reuse,
                                                  BiConsumer<? super T, ? super M> setter) {
        Field field = take();
        inspect(setter, field, "setter");
        return nested(field, FieldKind.TYPED, reuse, scope.owned);
    }

    @Override
    public <T> WireIn sequence(T target, BiConsumer<? super T, ValueIn> elements) {
        return container(FieldKind.SEQUENCE, target, elements, "sequence lambda");
    }

    @Override
    public <T> WireIn map(T target, BiConsumer<? super T, ValueIn> entries) {
        return container(FieldKind.MAP, target, entries, "map lambda");
    }

    /** Runs a sequence's or map's lambda with one element or entry, where the instance may change. */
    private <T> WireIn container(FieldKind kind, T target, BiConsumer<? super T, ValueIn> lambda, String role) {
        Field field = take();
        inspect(lambda, field, role);
        Scope outer = scope;
        scope = new Scope(outer, outer.type, field, kind, outer.owned);
        boolean deep = scope.depth > MAX_DEPTH;
        if (scope.owned && !deep) {
            lambda.accept(target, this);
        }
        FieldSchema key = scope.key;
        FieldSchema element = scope.element;
        scope = outer;
        add(field, kind, List.of(), key, element, List.of(), null, deep);
        return this;
    }

    @Override
    public boolean hasNextElement() {
        return !scope.map && offerOne();
    }

    @Override
    public boolean hasNextEntry() {
        return scope.map && offerOne();
    }

    private boolean offerOne() {
        if (!scope.sequence || scope.elementOffered) {
            return false;
        }
        scope.elementOffered = true;
        return true;
    }

    private void key(FieldKind kind) {
        if (!scope.map) {
            throw MisplacedCalls.keyOutsideMap(false);
        }
        scope.keyed = true;
        if (scope.key == null) {
            scope.key = new FieldSchema(0, "", kind, List.of(), null, List.of(), null, null);
        }
    }

    @Override
    public String textKey() {
        key(FieldKind.TEXT);
        return "";
    }

    @Override
    public ValueIn keyTo(StringBuilder target) {
        key(FieldKind.TEXT);
        target.setLength(0);
        return this;
    }

    @Override
    public int int32Key() {
        key(FieldKind.INT32);
        return 0;
    }

    @Override
    public long int64Key() {
        key(FieldKind.INT64);
        return 0;
    }

    /** Every value is offered as present, so the read that follows, and its kind, are recorded. */
    @Override
    public boolean isNull() {
        return false;
    }

    @Override
    public WireIn skip() {
        add(take(), FieldKind.NULL, List.of(), null, List.of(), false);
        return this;
    }
}
