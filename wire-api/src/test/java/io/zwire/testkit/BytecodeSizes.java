package io.zwire.testkit;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Bytecode sizes of a compiled class's methods, read from its class file (the length of each
 * method's {@code Code} attribute), to keep the methods a user's readMarshallable or
 * writeMarshallable calls per field within the sizes up to which C2 inlines them. Both limits
 * are the HotSpot defaults on x86_64 and aarch64, JDK 17 to 25:
 * <ul>
 *   <li>{@link #MAX_INLINE_SIZE}: a method up to this size is inlined at any call site, hot or not;</li>
 *   <li>{@link #FREQ_INLINE_SIZE}: a method larger than this is never inlined, however hot the call.</li>
 * </ul>
 * Reads only what it needs of the class file format (JVMS 4): the constant pool to resolve names,
 * then the methods' attributes; fields and class attributes are skipped.
 */
public final class BytecodeSizes {
    /** HotSpot's {@code -XX:MaxInlineSize} default: inlined at any call site. */
    public static final int MAX_INLINE_SIZE = 35;
    /** HotSpot's {@code -XX:FreqInlineSize} default: the largest method C2 inlines at a hot call site. */
    public static final int FREQ_INLINE_SIZE = 325;

    /** The value methods of a wire reader that a user's readMarshallable calls once per field. */
    public static final String[] VALUE_READS = {
        "int8", "int16", "int32", "int64", "uint16", "char16", "float32", "float64", "bool", "text", "asEnum"};
    /** The value methods of a wire writer that a user's writeMarshallable calls once per field. */
    public static final String[] VALUE_WRITES = {
        "int8", "int16", "int32", "int64", "uint16", "char16", "float32", "float64", "bool", "text", "asEnum"};

    private final String className;
    /** Code length by "name descriptor"; a method without code (abstract, native) is absent. */
    private final Map<String, Integer> sizes;

    private BytecodeSizes(String className, Map<String, Integer> sizes) {
        this.className = className;
        this.sizes = sizes;
    }

    /** Reads the class file of {@code type} from its class loader. */
    public static BytecodeSizes of(Class<?> type) {
        String resource = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no class file " + resource + " beside " + type.getName());
            }
            return new BytecodeSizes(type.getName(), read(new DataInputStream(in)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the class file of the class named {@code className}, which need not be accessible. */
    public static BytecodeSizes of(String className) {
        try {
            return of(Class.forName(className, false, BytecodeSizes.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Every method matching {@code method}, each as "name descriptor" with its code length:
     * {@code "name"} is all overloads of that name, {@code "name(...)"} only those whose parameter
     * list begins with the given descriptor text ({@code "readPosition()"}: the one with none).
     */
    public Map<String, Integer> overloads(String method) {
        int paren = method.indexOf('(');
        String prefix = paren < 0 ? method + " " : method.substring(0, paren) + " " + method.substring(paren);
        Map<String, Integer> found = new HashMap<>();
        sizes.forEach((key, size) -> {
            if (key.startsWith(prefix)) {
                found.put(key, size);
            }
        });
        return found;
    }

    /**
     * Asserts that every method matching each of {@code methods} ({@link #overloads}) has code of at most {@code limit} bytes,
     * naming in the failure each method over it with its size and the limit. A name with no method
     * is a failure too, so a renamed method cannot drop out of the check unseen.
     */
    public BytecodeSizes assertAtMost(int limit, String... methods) {
        List<String> over = new ArrayList<>();
        for (String name : methods) {
            Map<String, Integer> found = overloads(name);
            if (found.isEmpty()) {
                fail(className + " has no method " + name + " with code: rename it here too");
            }
            found.forEach((method, size) -> {
                if (size > limit) {
                    over.add(className + "." + method + " is " + size + " bytes of bytecode, over the limit of "
                            + limit + (limit == MAX_INLINE_SIZE ? " (MaxInlineSize)" : limit == FREQ_INLINE_SIZE
                            ? " (FreqInlineSize)" : ""));
                }
            });
        }
        assertTrue(over.isEmpty(), () -> String.join("\n", over)
                + "\nC2 stops inlining it into the user's per-field code: move its slow path into a method of its own");
        return this;
    }

    private static Map<String, Integer> read(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> in.skipNBytes(2);  // Class, String, MethodType, Module, Package
                case 15 -> in.skipNBytes(3);                // MethodHandle
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {                              // Long, Double take two entries
                    in.skipNBytes(8);
                    i++;
                }
                default -> throw new IOException("constant pool tag " + tag + " at entry " + i);
            }
        }
        in.skipNBytes(6); // access flags, this class, super class
        in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            in.skipNBytes(6);
            skipAttributes(in);
        }
        Map<String, Integer> sizes = new HashMap<>();
        int methods = in.readUnsignedShort();
        for (int i = 0; i < methods; i++) {
            in.skipNBytes(2); // access flags
            String name = utf8[in.readUnsignedShort()];
            String descriptor = utf8[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("Code")) {
                    in.skipNBytes(4); // max stack, max locals
                    sizes.put(name + " " + descriptor, in.readInt());
                    in.skipNBytes(length - 8);
                } else {
                    in.skipNBytes(length);
                }
            }
        }
        return sizes;
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.skipNBytes(2);
            in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
        }
    }
}
