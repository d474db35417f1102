package io.zwire;

import io.zwire.spi.WireReader;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * The implementation of {@link WireIn} and {@link ValueIn} that reads a wire ({@link ReadRecorder},
 * the other, records a type's reads and reads no bytes): every call forwards once to the
 * wire's {@link WireReader} and returns this same object, so a chain of calls in a user's
 * {@code readMarshallable} keeps its receiver in a register. Per field it stores only the field's
 * number (an int: no write barrier), and per object, sequence and map where it is (an element's
 * or entry's place is the wire's reader's count, asked for when a level is entered in it and when
 * a failure is named), so that a {@link WireException} names the way to the value
 * ({@link FieldPath}), the text of which is built only then.
 * Sequence elements and the value handed to {@link Marshallable#unexpectedField} are read through
 * this object too: the codec knows which it is reading.
 */
final class DocumentReader extends ValueIn {
    private final WireType type;
    /** The wire's reader. */
    private final WireReader wireReader;
    /**
     * What every call reads through: {@link #wireReader}, or an {@link AbandonedDocumentReader}
     * after {@link #abandon}, which also holds the document's failure; so a document's start
     * resets the abandoned state with this one store.
     */
    private WireReader reader;
    /** The document's root: its target or its {@link Marshaller}, to name an error's path from. */
    private Object root;
    private final TypeRegistry types;
    /** Holders for foreign objects whose unexpected fields are being offered; see {@link #endForeign}. */
    private ForeignObject<?>[] hooks = new ForeignObject<?>[4];
    private int hooksRunning;

    /** The levels above the innermost one, and the innermost one's place below. */
    private final FieldPath path;
    private byte kind = FieldPath.OBJECT;
    /** The innermost level's instance or marshaller, while {@link #kind} is {@link FieldPath#DETACHED_OBJECT}. */
    private Object detached;
    /**
     * The number of the field named last in the innermost object; {@link FieldPath#NO_FIELD};
     * {@link #ENDING}; or {@link FieldPath#HOOK_KEY}, with the key in {@link #keyKind} and the
     * key fields.
     */
    private int field = FieldPath.NO_FIELD;
    /**
     * {@link #field} while the innermost object's end is read: no field, but the wire may be
     * offering one to the hook, whose key {@link #placeHookKey} asks for when a level is entered or
     * a failure is named. Never saved in the {@link FieldPath}: resolved first.
     */
    private static final int ENDING = -3;
    /**
     * The element or map entry of the innermost sequence or map, from 0, or -1: set from the
     * wire's count ({@link #placeInnermost}) when a level is entered above it or a failure is
     * named, so that nothing is counted per element here.
     */
    private int element = -1;
    /**
     * Set when a failure left a sequence or map the wire's reader did not start: the innermost is
     * then the enclosing level, whose element {@link #enter} placed, and the wire may stand inside
     * what it was starting (the head of a sequence or map), so its count is not asked again.
     */
    private boolean placed;
    private byte keyKind = FieldPath.NO_KEY;
    private CharSequence textKey;
    private long numberKey;

    DocumentReader(WireType type, WireReader reader, TypeRegistry types, ReadLimits limits) {
        this.type = type;
        this.wireReader = reader;
        this.reader = reader;
        this.types = types;
        this.path = new FieldPath(limits);
    }

    @Override
    public ValueIn read(Field field) {
        // One store per field. An error raised while the field is looked for in other entries'
        // bytes names the object instead, from the wire's reader (placeInnermost), on the error
        // path: a second store here was measured at up to 7% of a 14-int decode.
        this.field = field.number();
        reader.field(field);
        return this;
    }

    /**
     * Starts a document read into {@code documentRoot} (its target, or its {@link Marshaller}),
     * its path at the root object. Allocates nothing.
     */
    void startPath(Object documentRoot) {
        root = documentRoot;
        reader = wireReader;
        placed = false;
        path.clear();
        innermost(FieldPath.OBJECT);
    }

    /**
     * Called when {@code thrown} leaves a nested object, sequence or map: the wire's reader stays
     * inside that level, so if the reading code catches it and reads on, a field would be found in
     * the wrong object. From here until the next document every read is refused
     * ({@link AbandonedDocumentReader}), and the document's end throws. The first such exception is
     * the document's failure; its path is named here, where the levels it left are still known.
     * Allocates (the error path only).
     *
     * <p>Only the methods that enter a level catch for this: a handler in every per-field method
     * would add to the code C2 inlines into a user's readMarshallable for each field, and was
     * measured to make the 14-int decode of some JVMs up to 1.6 times slower.
     */
    private void abandon(Throwable thrown) {
        if (reader != wireReader) {
            return;
        }
        reader = new AbandonedDocumentReader(thrown, thrown instanceof WireException e ? namedPath(positioned(e)) : thrown);
    }

    /**
     * {@return {@code e} again at the wire reader's position, if it has no offset} Or at its
     * cause's, when that is a WireException with one: a refusal the reading code caught and
     * rethrew in its own words, which is placed better than the reader, which may have moved on
     * from bytes it could not read. A subclass, and the exception that abandoned the document
     * (positioned then), are returned as they are. Call before the reader recovers from the
     * failure, which moves it. Allocates.
     */
    WireException positioned(WireException e) {
        placeInnermost();
        if (e.offset() >= 0 || e.getClass() != WireException.class || abandonedAs(e) != null) {
            return e;
        }
        return e.at(e.getCause() instanceof WireException refusal && refusal.offset() >= 0 ? refusal
                : wireReader.error(e.expected()));
    }

    private WireException namedPath(WireException e) {
        return root instanceof Marshaller<?> marshaller ? withPath(e, marshaller) : withPath(e, (Marshallable) root);
    }

    /**
     * After a document failed and its wire's reader recovered: a {@link WireIn} kept past it reads
     * through that reader again, which refuses every call as outside a document until the next.
     */
    void endFailedDocument() {
        reader = wireReader;
    }

    /** Throws the document's failure, if an exception left a nested level and the reading code caught it. */
    private void throwIfAbandoned() {
        if (reader != wireReader) {
            ((AbandonedDocumentReader) reader).throwFailure();
        }
    }

    /** {@return the failure {@code e} became when it left a nested level and abandoned the document, or null} */
    private WireException abandonedAs(WireException e) {
        return reader instanceof AbandonedDocumentReader abandoned ? abandoned.failureOf(e) : null;
    }

    /** Makes the innermost level a new one of {@code newKind}, where nothing is read yet. */
    private void innermost(byte newKind) {
        kind = newKind;
        field = FieldPath.NO_FIELD;
        element = -1;
        keyKind = FieldPath.NO_KEY;
        textKey = null;
    }

    /**
     * {@return {@code e} again, naming the way from {@code root} to the value being read when it
     * was raised} A subclass of {@link WireException} is returned as it is. Allocates.
     */
    WireException withPath(WireException e, Marshallable root) {
        WireException named = abandonedAs(e);
        if (named != null) {
            return named;
        }
        if (e.getClass() != WireException.class || e.path() != null) {
            return e;
        }
        return e.withPath(path.describe(root.getClass(), writtenFields(() -> root), this::fieldsOf, kind, detached, field,
                element, keyKind, textKey, numberKey));
    }

    /** As {@link #withPath(WireException, Marshallable)}, for a document read through {@code marshaller}. */
    WireException withPath(WireException e, Marshaller<?> marshaller) {
        WireException named = abandonedAs(e);
        if (named != null) {
            return named;
        }
        if (e.getClass() != WireException.class || e.path() != null) {
            return e;
        }
        return e.withPath(path.describe(marshaller.type(), marshallerFields(marshaller), this::fieldsOf, kind, detached, field,
                element, keyKind, textKey, numberKey));
    }

    /**
     * Marks the innermost level as read into {@code instance}, which the target does not hold
     * until its setter runs, or through a {@link Marshaller} into an object it makes (a foreign
     * object or record, made once its fields are read): a failure inside names its fields from
     * what the instance writes, or the marshaller reads and writes. A reference store per object
     * made or typed, and one as the level below such an object is left ({@link #leave}); none per
     * object read into one the target holds.
     */
    private void detach(Object instance) {
        kind = FieldPath.DETACHED_OBJECT;
        detached = instance;
    }

    /**
     * The fields of what {@code marshaller} reads, for a path, as {@link #readThenWritten} merges
     * them; null where they cannot be recorded (the failure is dropped, as in
     * {@link #writtenFields}). Allocates: the error path only.
     */
    private List<FieldSchema> marshallerFields(Marshaller<?> marshaller) {
        try {
            return readThenWritten(Schema.of(marshaller, types));
        } catch (RuntimeException | Error unrecorded) {
            dropUnlessFatal(unrecorded);
            return null;
        }
    }

    /**
     * A marshaller's fields for a path: its read side, recorded on its own instances, which is
     * what the failed read was reading and marks a recursive type's object with its class (the
     * write side recorded a null there); then the fields only its write side has, such as one its
     * read takes only when another field has a value the recording did not give it.
     */
    private static List<FieldSchema> readThenWritten(Schema schema) {
        List<FieldSchema> fields = new ArrayList<>(schema.readFields());
        for (FieldSchema written : schema.fields()) {
            if (fields.stream().noneMatch(read -> read.number() == written.number())) {
                fields.add(written);
            }
        }
        return fields;
    }

    /**
     * The fields of a detached object: those {@link #marshallerFields} gives for its
     * marshaller; or those its instance writes, recorded as a document's target is (the write
     * side), and where its write method fails on the half-read instance, those of a new instance of
     * its class from the registry (its factory runs); null where neither records. Allocates: the
     * error path only.
     */
    private List<FieldSchema> fieldsOf(Object detachedLevel) {
        if (detachedLevel instanceof Marshaller<?> marshaller) {
            return marshallerFields(marshaller);
        }
        Marshallable instance = (Marshallable) detachedLevel;
        List<FieldSchema> fields = writtenFields(() -> instance);
        if (fields == null) {
            TypeRegistry.Entry entry = types.byType(instance.getClass());
            if (entry != null && entry.marshaller() == null) {
                fields = writtenFields(entry::create);
            }
        }
        return fields;
    }

    /**
     * What the instance {@code made} writes: the write side only, as recording the read side would
     * call the type's read method on the object the failed read left. Null (fields go by number)
     * where making or writing it fails, or its graph is too deep to walk: the user's code that
     * runs here must not replace the failure being named. Allocates.
     */
    private List<FieldSchema> writtenFields(Supplier<? extends Marshallable> made) {
        try {
            return SchemaRecorder.record(made.get(), null, types, new LambdaCaptures("writeMarshallable"));
        } catch (RuntimeException | Error unrecorded) {
            dropUnlessFatal(unrecorded);
            return null;
        }
    }

    /**
     * Lets a failure of the user's code run to name a path be dropped (an assertion, a missing
     * class, a graph too deep), but not a failure of the JVM itself, which is thrown on.
     */
    private static void dropUnlessFatal(Throwable unrecorded) {
        if (unrecorded instanceof VirtualMachineError fatal && !(unrecorded instanceof StackOverflowError)) {
            throw fatal;
        }
    }

    /** Ends the document's root object, as {@link WireReader#endDocument}: what the end reads is the document's. */
    void endDocument(Marshallable target) {
        throwIfAbandoned();
        field = ENDING;
        reader.endDocument(target, this);
    }

    /** Ends a document read through {@code marshaller}, as {@link #endDocument(Marshallable)}. */
    <M> void endForeignDocument(M value, Marshaller<M> marshaller) {
        throwIfAbandoned();
        field = ENDING;
        endForeign(value, marshaller, true);
    }

    /**
     * Where a failure leaves the innermost level, as the wire's reader stands: the element or
     * entry it took last; or, where the bytes refused were met in another entry while the field
     * was looked for ({@link WireReader#inLookup()}), no field, so that the error names the object.
     */
    private void placeInnermost() {
        if (placed) {
            return;
        }
        if (!FieldPath.isObject(kind)) {
            element = wireReader.elementsTaken() - 1;
            if (element < 0) {
                // Past the entries counted (a map's tail being passed over): no entry, no key.
                keyKind = FieldPath.NO_KEY;
                textKey = null;
            }
        } else if (wireReader.inLookup()) {
            field = FieldPath.NO_FIELD;
        } else if (field == ENDING || field == FieldPath.HOOK_KEY) {
            placeHookKey();
        }
    }

    /**
     * In an object whose end is read ({@link #ENDING}, or the hook's key named for a value read
     * before): the key of the field whose value the hook reads, as the wire's reader stands
     * ({@link WireReader#unexpectedKey()}), or no field. Once an object, sequence or map read as
     * that value was left ({@link WireReader#unexpectedValueLeft()}), the key stays where this level
     * named it as it entered that one; a level at {@link #ENDING} then is that object, whose own end
     * failed past it, and names no field. Allocates nothing; the key's text is the wire's buffer
     * until {@link FieldPath#save} copies it.
     */
    private void placeHookKey() {
        WireKey key = wireReader.unexpectedKey();
        if (key != null && wireReader.unexpectedValueLeft()) {
            if (field == FieldPath.HOOK_KEY) {
                return;
            }
            key = null;
        }
        if (key == null) {
            field = FieldPath.NO_FIELD;
            keyKind = FieldPath.NO_KEY;
            textKey = null;
        } else if (key.isNumbered()) {
            field = FieldPath.HOOK_KEY;
            keyKind = FieldPath.NUMBER_KEY;
            numberKey = key.number();
        } else {
            field = FieldPath.HOOK_KEY;
            keyKind = FieldPath.TEXT_KEY;
            textKey = key.name();
        }
    }

    /** Saves the innermost level and enters one of {@code newKind} above it; {@return the level to {@link #leave}} */
    private int enter(byte newKind) {
        if (!FieldPath.isObject(kind)) {
            // Starting a sequence's element takes it, so the one entered is the next; a map's
            // entry was taken when hasNextEntry() found it.
            int taken = wireReader.elementsTaken();
            element = kind == FieldPath.SEQUENCE ? taken : taken - 1;
        } else if (field == ENDING || field == FieldPath.HOOK_KEY) {
            placeHookKey();
        }
        int level = path.save(kind, detached, field, element, keyKind, textKey, numberKey);
        innermost(newKind);
        return level;
    }

    /** Leaves the innermost level for the one {@link #enter} saved as {@code level}. */
    private void leave(int level) {
        path.restore(level);
        if (path.holds(level)) {
            kind = path.kind(level);
            if (kind == FieldPath.DETACHED_OBJECT) {
                detached = path.detached(level);
            }
            field = path.field(level);
            element = path.element(level);
            keyKind = path.keyKind(level);
            textKey = path.textKey(level);
            numberKey = path.numberKey(level);
        } else {
            innermost(FieldPath.OBJECT);
        }
    }

    /** Ends the innermost object: what its end reads (unexpected fields for the hook, the end) is the object's, no field's. */
    private void endObject(Marshallable target) {
        field = ENDING;
        reader.endMarshallable(target, this);
    }

    @Override
    public WireType wireType() {
        return type;
    }

    @Override
    public byte int8() {
        return reader.int8();
    }

    @Override
    public <T> WireIn int8(T target, ObjByteConsumer<T> setter) {
        setter.accept(target, reader.int8());
        return this;
    }

    @Override
    public short int16() {
        return reader.int16();
    }

    @Override
    public <T> WireIn int16(T target, ObjShortConsumer<T> setter) {
        setter.accept(target, reader.int16());
        return this;
    }

    @Override
    public int uint16() {
        return reader.uint16();
    }

    @Override
    public <T> WireIn uint16(T target, ObjIntConsumer<T> setter) {
        setter.accept(target, reader.uint16());
        return this;
    }

    @Override
    public int int32() {
        return reader.int32();
    }

    @Override
    public <T> WireIn int32(T target, ObjIntConsumer<T> setter) {
        setter.accept(target, reader.int32());
        return this;
    }

    @Override
    public long int64() {
        return reader.int64();
    }

    @Override
    public <T> WireIn int64(T target, ObjLongConsumer<T> setter) {
        setter.accept(target, reader.int64());
        return this;
    }

    @Override
    public float float32() {
        return reader.float32();
    }

    @Override
    public <T> WireIn float32(T target, ObjFloatConsumer<T> setter) {
        setter.accept(target, reader.float32());
        return this;
    }

    @Override
    public double float64() {
        return reader.float64();
    }

    @Override
    public <T> WireIn float64(T target, ObjDoubleConsumer<T> setter) {
        setter.accept(target, reader.float64());
        return this;
    }

    @Override
    public boolean bool() {
        return reader.bool();
    }

    @Override
    public <T> WireIn bool(T target, ObjBooleanConsumer<T> setter) {
        setter.accept(target, reader.bool());
        return this;
    }

    @Override
    public char char16() {
        return reader.char16();
    }

    @Override
    public <T> WireIn char16(T target, ObjCharConsumer<T> setter) {
        setter.accept(target, reader.char16());
        return this;
    }

    @Override
    public String text() {
        return reader.text();
    }

    @Override
    public <T> WireIn text(T target, BiConsumer<? super T, String> setter) {
        setter.accept(target, reader.text());
        return this;
    }

    @Override
    public WireIn textTo(StringBuilder target) {
        reader.textTo(target);
        return this;
    }

    @Override
    public byte[] bytes() {
        return reader.bytes();
    }

    @Override
    public <T> WireIn bytes(T target, BiConsumer<? super T, byte[]> setter) {
        setter.accept(target, reader.bytes());
        return this;
    }

    @Override
    public WireIn bytesTo(Bytes target) {
        reader.bytesTo(target);
        return this;
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> enumType) {
        return reader.asEnum(enumType);
    }

    @Override
    public <T, E extends Enum<E>> WireIn asEnum(Class<E> enumType, T target, BiConsumer<? super T, ? super E> setter) {
        setter.accept(target, reader.asEnum(enumType));
        return this;
    }

    @Override
    public WireIn marshallable(Marshallable into) {
        int level = enter(FieldPath.OBJECT);
        try {
            reader.startMarshallable();
            into.readMarshallable(this);
            endObject(into);
        } catch (RuntimeException | Error e) {
            abandon(e);
            throw e;
        }
        leave(level);
        return this;
    }

    @Override
    public <T, M extends Marshallable> WireIn marshallable(T target, M reuse, Supplier<? extends M> factory,
                                                         BiConsumer<? super T, ? super M> setter) {
        return nested(null, target, reuse, factory, setter);
    }

    /**
     * Reads a nested object as a level of the path and hands it to {@code setter}: of the class
     * its alias names, under {@code base}, where {@code base} is given ({@link #typed}); else
     * {@code reuse} or one {@code factory} makes ({@link #marshallable(Object, Marshallable,
     * Supplier, BiConsumer)}). Null where the document has none.
     */
    private <T, M extends Marshallable> WireIn nested(Class<M> base, T target, M reuse,
                                                    Supplier<? extends M> factory,
                                                    BiConsumer<? super T, ? super M> setter) {
        int level = enter(FieldPath.OBJECT);
        M instance;
        try {
            instance = base == null ? untypedInstance(reuse, factory) : typedInstance(base, reuse);
            endObject(instance);
        } catch (RuntimeException | Error e) {
            abandon(e);
            throw e;
        }
        leave(level);
        setter.accept(target, instance);
        return this;
    }

    /** Starts an object and reads it into {@code reuse}, or one {@code factory} makes: null for none. */
    private <M extends Marshallable> M untypedInstance(M reuse, Supplier<? extends M> factory) {
        if (!reader.startMarshallable()) {
            return null;
        }
        M instance;
        if (reuse != null) {
            instance = reuse;
        } else {
            instance = factory.get();
            detach(instance);
        }
        instance.readMarshallable(this);
        return instance;
    }

    @Override
    public <M> M object(M reuse, Marshaller<M> marshaller) {
        int level = enter(FieldPath.OBJECT);
        M value = null;
        try {
            if (!reader.startMarshallable()) {
                endObject(null);
            } else {
                if (reuse == null) {
                    detach(marshaller);
                }
                value = marshaller.read(reuse, this);
                field = ENDING;
                endForeign(value, marshaller, false);
            }
        } catch (RuntimeException | Error e) {
            abandon(e);
            throw e;
        }
        leave(level);
        return value;
    }

    @Override
    public <T, M> WireIn object(T target, M reuse, Marshaller<M> marshaller, BiConsumer<? super T, ? super M> setter) {
        setter.accept(target, object(reuse, marshaller));
        return this;
    }

    /**
     * Ends a foreign object (or document) read, offering its unread fields to the marshaller's
     * hook through a {@link ForeignObject} taken from a stack, one per hook running at once: a hook
     * may read a foreign object of its own, whose end must not repoint the holder its caller's
     * reader is still using. The holders are made the first time a depth is reached.
     */
    <M> void endForeign(M value, Marshaller<M> marshaller, boolean document) {
        if (hooksRunning == hooks.length) {
            hooks = Arrays.copyOf(hooks, hooks.length * 2);
        }
        ForeignObject<?> free = hooks[hooksRunning];
        if (free == null) {
            free = hooks[hooksRunning] = new ForeignObject<>(null, null);
        }
        ForeignObject<M> hook = free.set(marshaller, value);
        hooksRunning++;
        try {
            if (document) {
                reader.endDocument(hook, this);
            } else {
                reader.endMarshallable(hook, this);
            }
        } finally {
            hooksRunning--;
            hook.set(null, null);
        }
    }

    @Override
    public <T, M extends Marshallable> WireIn typed(Class<M> base, T target, M reuse,
                                                  BiConsumer<? super T, ? super M> setter) {
        return nested(base, target, reuse, null, setter);
    }

    /** Starts a typed object and reads it: the class its alias names, or null for none. */
    private <M extends Marshallable> M typedInstance(Class<M> base, M reuse) {
        String alias = reader.startTyped();
        if (alias == null) {
            return null;
        }
        TypeRegistry.Entry entry = types.byAlias(alias);
        if (entry == null || !base.isAssignableFrom(entry.type())) {
            throw reader.error(entry == null
                    ? "a type alias registered in " + types + ", got '" + alias + "'"
                    : "a " + base.getName() + ", got '" + alias + "' (" + entry.type().getName() + ")");
        }
        M instance = reuse != null && reuse.getClass() == entry.type() ? reuse : base.cast(entry.create());
        detach(instance);
        if (!type.isSelfDescribing()) {
            // The document chose this class, so the outer type's recording could not check it.
            ReadOrder.requireOnFirstRead(instance, type, types);
        }
        instance.readMarshallable(this);
        return instance;
    }

    @Override
    public <T> WireIn sequence(T target, BiConsumer<? super T, ValueIn> elements) {
        return container(FieldPath.SEQUENCE, target, elements);
    }

    @Override
    public boolean hasNextElement() {
        return reader.hasNextElement();
    }

    @Override
    public <T> WireIn map(T target, BiConsumer<? super T, ValueIn> entries) {
        return container(FieldPath.MAP, target, entries);
    }

    /**
     * Reads a sequence or a map ({@code containerKind}, a constant at each call, so the JIT keeps
     * one branch) as a level of the path, its content by {@code content}.
     */
    private <T> WireIn container(byte containerKind, T target, BiConsumer<? super T, ValueIn> content) {
        int level = enter(containerKind);
        boolean started = false;
        try {
            if (containerKind == FieldPath.MAP) {
                reader.startMap();
            } else {
                reader.startSequence();
            }
            started = true;
            content.accept(target, this);
            if (containerKind == FieldPath.MAP) {
                reader.endMap();
            } else {
                reader.endSequence();
            }
        } catch (RuntimeException | Error e) {
            if (!started) {
                // The wire's reader did not enter it: the failure is the enclosing level's.
                leave(level);
                placed = true;
            }
            abandon(e);
            throw e;
        }
        leave(level);
        return this;
    }

    @Override
    public boolean hasNextEntry() {
        // Cleared first: a failure finding the next entry must not be named by the last one's key.
        keyKind = FieldPath.NO_KEY;
        textKey = null;
        return reader.hasNextEntry();
    }

    @Override
    public String textKey() {
        String key = reader.textKey();
        keyKind = FieldPath.TEXT_KEY;
        textKey = key;
        return key;
    }

    @Override
    public ValueIn keyTo(StringBuilder target) {
        // The caller's builder is reused for the next key, so it cannot name this entry later:
        // the path gives the entry's index instead (keeping the text would allocate per key).
        reader.keyTo(target);
        return this;
    }

    @Override
    public int int32Key() {
        long key = int64Key();
        if ((int) key != key) {
            throw reader.error("a key within int32 range, got " + key);
        }
        return (int) key;
    }

    @Override
    public long int64Key() {
        long key = reader.int64Key();
        keyKind = FieldPath.NUMBER_KEY;
        numberKey = key;
        return key;
    }

    @Override
    public boolean isNull() {
        return reader.isNull();
    }

    @Override
    public WireIn skip() {
        reader.skip();
        return this;
    }
}
