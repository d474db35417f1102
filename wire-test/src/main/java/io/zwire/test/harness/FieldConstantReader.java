package io.zwire.test.harness;

import io.zwire.Field;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Optional;

/**
 * Finds which {@link Field} a call in a type's own method was made for, from the method's
 * bytecode: the call at the frame's bytecode index must go to the field-reading or -writing API
 * ({@link #WIRE_API}: {@code WireIn}, {@code ValueIn}, {@code WireOut}, {@code ValueOut} or a
 * type extending one), and the field is the last {@code getstatic} of a {@code Field} constant
 * before it. A call that goes anywhere else (a helper method, {@code new}, a JDK method) names no
 * field, whatever constant was loaded before it. In
 * {@code in.read(TIME).object(this, null, INSTANT, setter)} the last such constant before
 * {@code object} is {@code TIME}; the same holds on the write side. A stack frame of the type's
 * {@code readMarshallable} (its method and bytecode index, as JFR records them) thereby names the
 * field being read, with no source, no line table and no guess: a call made with no
 * {@code Field} constant before it (a field held in a local, a helper method) names none.
 *
 * <p>Reads the class file through the type's class loader; only the constant pool and the one
 * method's code are decoded. For diagnosis, once per site; allocates.
 */
final class FieldConstantReader {
    private static final String FIELD_DESCRIPTOR = "L" + Field.class.getName().replace('.', '/') + ";";
    private static final int MAGIC = 0xCAFEBABE;
    private static final int GETSTATIC = 0xB2;
    private static final int TABLESWITCH = 0xAA;
    private static final int LOOKUPSWITCH = 0xAB;
    private static final int WIDE = 0xC4;
    private static final int IINC = 0x84;
    private static final int INVOKEVIRTUAL = 0xB6;
    private static final int INVOKEINTERFACE = 0xB9;
    /** The API a field is read or written through; a call to any other type is not made for a field. */
    private static final List<Class<?>> WIRE_API = List.of(WireIn.class, ValueIn.class, WireOut.class,
            ValueOut.class);
    /** Bytes of each fixed-length instruction, by opcode ({@code 0xCA} and below); 0 for the variable ones. */
    private static final byte[] LENGTHS = instructionLengths();

    // Constant pool tags (JVMS 4.4).
    private static final int UTF8 = 1;
    private static final int INTEGER = 3;
    private static final int FLOAT = 4;
    private static final int LONG = 5;
    private static final int DOUBLE = 6;
    private static final int CLASS = 7;
    private static final int STRING = 8;
    private static final int FIELDREF = 9;
    private static final int METHODREF = 10;
    private static final int INTERFACE_METHODREF = 11;
    private static final int NAME_AND_TYPE = 12;
    private static final int METHOD_HANDLE = 15;
    private static final int METHOD_TYPE = 16;
    private static final int DYNAMIC = 17;
    private static final int INVOKE_DYNAMIC = 18;
    private static final int MODULE = 19;
    private static final int PACKAGE = 20;
    // The class file's parts this reader skips (JVMS 4.1, 4.6, 4.7.3), in bytes.
    /** The minor and major version. */
    private static final int VERSION_BYTES = 4;
    /** The class's access flags, this class's and the super class's index. */
    private static final int CLASS_HEADER_BYTES = 6;
    /** One entry of the interfaces' indexes. */
    private static final int INTERFACE_INDEX_BYTES = 2;
    /** A method's access flags, before its name index. */
    private static final int ACCESS_FLAGS_BYTES = 2;
    /** A Code attribute's max stack and max locals, before its code length. */
    private static final int CODE_LIMITS_BYTES = 4;
    /** A method handle constant's body: its kind (u1) and a reference index (u2). */
    private static final int METHOD_HANDLE_BYTES = 3;
    /** A field's access flags, name index and descriptor index, before its attributes. */
    private static final int MEMBER_HEADER_BYTES = 6;
    /** An attribute's name index, before its length. */
    private static final int ATTRIBUTE_NAME_BYTES = 2;

    private final Class<?> owner;
    private int[] tags;
    /** Per constant: its UTF-8 text, or its first and second index (class, name-and-type; name, descriptor). */
    private String[] texts;
    private int[] first;
    private int[] second;

    private FieldConstantReader(Class<?> owner) {
        this.owner = owner;
    }

    /**
     * {@return the {@code Field} whose constant {@code owner}'s method {@code name} {@code descriptor}
     * loads last before bytecode index {@code bytecodeIndex}, where the instruction at that index
     * calls a method of {@link #WIRE_API}; empty when it calls anything else, when no constant is
     * loaded before it, or when the class file cannot be read} Loads (does not initialise anew)
     * the class declaring the constant and the called method's class.
     */
    static Optional<Field> fieldBefore(Class<?> owner, String name, String descriptor, int bytecodeIndex) {
        try {
            return new FieldConstantReader(owner).find(name, descriptor, bytecodeIndex);
        } catch (IOException | RuntimeException | LinkageError e) {
            // A class file this reader does not understand names no field: the report says so.
            return Optional.empty();
        }
    }

    private Optional<Field> find(String name, String descriptor, int bytecodeIndex) throws IOException {
        String resource = owner.getName().replace('.', '/') + ".class";
        ClassLoader loader = owner.getClassLoader() != null ? owner.getClassLoader() : ClassLoader.getSystemClassLoader();
        try (InputStream stream = loader.getResourceAsStream(resource)) {
            if (stream == null) {
                return Optional.empty();
            }
            DataInputStream in = new DataInputStream(stream);
            if (in.readInt() != MAGIC) {
                return Optional.empty();
            }
            in.skipBytes(VERSION_BYTES);
            readConstants(in);
            in.skipBytes(CLASS_HEADER_BYTES);
            in.skipBytes(INTERFACE_INDEX_BYTES * in.readUnsignedShort());
            skipMembers(in);
            int methods = in.readUnsignedShort();
            for (int m = 0; m < methods; m++) {
                in.skipBytes(ACCESS_FLAGS_BYTES);
                boolean wanted = texts[in.readUnsignedShort()].equals(name) & texts[in.readUnsignedShort()].equals(descriptor);
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = texts[in.readUnsignedShort()];
                    int length = in.readInt();
                    if (wanted && attribute.equals("Code")) {
                        in.skipBytes(CODE_LIMITS_BYTES);
                        byte[] code = new byte[in.readInt()];
                        in.readFully(code);
                        return callsWireApi(code, bytecodeIndex) ? lastFieldConstant(code, bytecodeIndex)
                                : Optional.empty();
                    }
                    in.skipBytes(length);
                }
            }
            return Optional.empty();
        }
    }

    private void readConstants(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        tags = new int[count];
        texts = new String[count];
        first = new int[count];
        second = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            tags[i] = tag;
            switch (tag) {
                case UTF8 -> texts[i] = in.readUTF();
                case INTEGER, FLOAT -> in.skipBytes(Integer.BYTES);
                case LONG, DOUBLE -> {
                    in.skipBytes(Long.BYTES);
                    // A long or double takes two entries of the pool (JVMS 4.4.5).
                    i++;
                }
                case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> first[i] = in.readUnsignedShort();
                case FIELDREF, METHODREF, INTERFACE_METHODREF, NAME_AND_TYPE, DYNAMIC, INVOKE_DYNAMIC -> {
                    first[i] = in.readUnsignedShort();
                    second[i] = in.readUnsignedShort();
                }
                case METHOD_HANDLE -> in.skipBytes(METHOD_HANDLE_BYTES);
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        int members = in.readUnsignedShort();
        for (int m = 0; m < members; m++) {
            in.skipBytes(MEMBER_HEADER_BYTES);
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.skipBytes(ATTRIBUTE_NAME_BYTES);
                in.skipBytes(in.readInt());
            }
        }
    }

    /** True when the instruction at {@code at} is an invocation of a method of a {@link #WIRE_API} type. */
    private boolean callsWireApi(byte[] code, int at) {
        if (at < 0 || at + 2 >= code.length) {
            return false;
        }
        int opcode = code[at] & 0xFF;
        if (opcode < INVOKEVIRTUAL || opcode > INVOKEINTERFACE) {
            return false;
        }
        String className = texts[first[first[u2(code, at + 1)]]].replace('/', '.');
        try {
            Class<?> called = Class.forName(className, false, owner.getClassLoader());
            return WIRE_API.stream().anyMatch(api -> api.isAssignableFrom(called));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Walks the instructions before {@code end}, keeping the last {@code getstatic} of a {@code Field}. */
    private Optional<Field> lastFieldConstant(byte[] code, int end) throws IOException {
        int last = 0;
        int at = 0;
        while (at < end && at < code.length) {
            int opcode = code[at] & 0xFF;
            if (opcode == GETSTATIC) {
                int ref = u2(code, at + 1);
                if (tags[ref] == FIELDREF && texts[second[second[ref]]].equals(FIELD_DESCRIPTOR)) {
                    last = ref;
                }
            }
            at += length(code, at, opcode);
        }
        return last == 0 ? Optional.empty() : Optional.of(fieldValue(last));
    }

    private Field fieldValue(int ref) throws IOException {
        String className = texts[first[first[ref]]].replace('/', '.');
        String fieldName = texts[first[second[ref]]];
        try {
            java.lang.reflect.Field constant = Class.forName(className, true, owner.getClassLoader()).getDeclaredField(fieldName);
            if (!Modifier.isStatic(constant.getModifiers())) {
                throw new IOException(fieldName + " is not static");
            }
            constant.setAccessible(true);
            return (Field) constant.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IOException("cannot read " + className + "." + fieldName, e);
        }
    }

    private static int length(byte[] code, int at, int opcode) throws IOException {
        if (opcode == TABLESWITCH || opcode == LOOKUPSWITCH) {
            // Padded so the operands start at a multiple of 4 from the start of the code.
            int operands = (at + 4) & ~3;
            if (opcode == TABLESWITCH) {
                int low = s4(code, operands + 4);
                int high = s4(code, operands + 8);
                return operands - at + 12 + 4 * (high - low + 1);
            }
            return operands - at + 8 + 8 * s4(code, operands + 4);
        }
        if (opcode == WIDE) {
            return (code[at + 1] & 0xFF) == IINC ? 6 : 4;
        }
        if (opcode >= LENGTHS.length || LENGTHS[opcode] == 0) {
            throw new IOException("opcode " + opcode + " at " + at);
        }
        return LENGTHS[opcode];
    }

    private static int u2(byte[] code, int at) {
        return (code[at] & 0xFF) << 8 | code[at + 1] & 0xFF;
    }

    private static int s4(byte[] code, int at) {
        return u2(code, at) << 16 | u2(code, at + 2);
    }

    /** JVMS chapter 6: every opcode's length in bytes, operands included. */
    private static byte[] instructionLengths() {
        byte[] lengths = new byte[0xCB];
        java.util.Arrays.fill(lengths, (byte) 1);
        set(lengths, 2, 0x10, 0x12, 0xA9, 0xBC);
        set(lengths, 2, 0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x38, 0x39, 0x3A);
        set(lengths, 3, 0x11, 0x13, 0x14, 0x84, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xBB, 0xBD, 0xC0, 0xC1,
                0xC6, 0xC7);
        for (int branch = 0x99; branch <= 0xA8; branch++) {
            lengths[branch] = 3;
        }
        set(lengths, 4, 0xC5);
        set(lengths, 5, 0xB9, 0xBA, 0xC8, 0xC9);
        set(lengths, 0, TABLESWITCH, LOOKUPSWITCH, WIDE);
        return lengths;
    }

    private static void set(byte[] lengths, int length, int... opcodes) {
        for (int opcode : opcodes) {
            lengths[opcode] = (byte) length;
        }
    }
}
