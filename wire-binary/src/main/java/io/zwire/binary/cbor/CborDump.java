package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.binary.dump.AnnotatedHex;

import java.math.BigInteger;

/**
 * Annotates a BINARY document (any CBOR data item) one line per item: its type and value, map
 * keys with their values indented below them, containers with their items. Used through
 * {@link io.zwire.binary.BinaryDump}.
 */
public final class CborDump {
    /** The role of a map key; a text key shows as {@code "name":}, any other as {@code key <item>}. */
    private static final String KEY = "key ";

    private final CborInput in;
    private final AnnotatedHex out;

    private CborDump(Bytes bytes, AnnotatedHex out) {
        this.in = new CborInput(bytes, ReadLimits.defaults(), CborWireReader.WIRE);
        this.out = out;
    }

    /**
     * Adds the lines of the data item at {@code offset} to {@code out}; malformed input ends the
     * dump with a line naming the problem.
     *
     * @return the offset after the item, or the end of the written bytes if it is malformed
     */
    public static int dump(Bytes bytes, int offset, AnnotatedHex out) {
        CborDump dump = new CborDump(bytes, out);
        dump.in.reset(offset, bytes.writePosition());
        try {
            dump.item(0, "");
            return dump.in.position;
        } catch (WireException e) {
            out.error(e);
            return bytes.writePosition();
        }
    }

    private void item(int depth, String role) {
        if (depth > in.limits.maxDepth()) {
            throw in.error("nesting no deeper than ReadLimits.maxDepth " + in.limits.maxDepth());
        }
        int start = in.position;
        in.head();
        boolean indefinite = in.info == CborInput.INDEFINITE;
        switch (in.major) {
            case CborInput.UNSIGNED -> out.line(start, in.position, depth, role + "unsigned " + unsigned(in.argument));
            case CborInput.NEGATIVE -> out.line(start, in.position, depth, role + "negative "
                    + (in.argument >= 0 ? Long.toString(-1 - in.argument) : BigInteger.valueOf(-1).subtract(
                    new BigInteger(unsigned(in.argument))).toString()));
            case CborInput.BYTE_STRING, CborInput.TEXT_STRING -> {
                if (indefinite) {
                    out.line(start, in.position, depth, role + (in.major == CborInput.TEXT_STRING ? "text" : "bytes")
                            + ", indefinite length: chunks until a break");
                    untilBreak(depth + 1, "");
                } else {
                    string(start, depth, role);
                }
            }
            case CborInput.ARRAY -> {
                out.line(start, in.position, depth, role + "array, " + (indefinite ? "indefinite length"
                        : in.containerCount(false) + " items"));
                if (indefinite) {
                    untilBreak(depth + 1, "");
                } else {
                    for (long i = in.argument; i > 0; i--) {
                        item(depth + 1, "");
                    }
                }
            }
            case CborInput.MAP -> {
                out.line(start, in.position, depth, role + "map, " + (indefinite ? "indefinite length"
                        : in.containerCount(true) + " entries"));
                if (indefinite) {
                    while (!atBreak(depth)) {
                        entry(depth + 1);
                    }
                } else {
                    for (long i = in.argument; i > 0; i--) {
                        entry(depth + 1);
                    }
                }
            }
            case CborInput.TAG -> {
                out.line(start, in.position, depth, role + "tag " + unsigned(in.argument) + tagMeaning(in.argument));
                item(depth + 1, "");
            }
            default -> simple(start, depth, role);
        }
    }

    private void entry(int depth) {
        item(depth, KEY);
        item(depth + 1, "");
    }

    private void string(int start, int depth, String role) {
        int length = in.stringLength();
        int content = in.position;
        in.position = content + length;
        if (in.major == CborInput.BYTE_STRING) {
            out.line(start, in.position, depth, role + "bytes, " + length);
            return;
        }
        StringBuilder text = new StringBuilder(length);
        if (in.bytes.readUtf8(content, length, text) >= 0) {
            out.line(start, in.position, depth, role + "text, " + length + " bytes, not valid UTF-8");
        } else if (role.equals(KEY)) {
            out.line(start, in.position, depth, AnnotatedHex.quote(text) + ":");
        } else {
            out.line(start, in.position, depth, role + "text " + AnnotatedHex.quote(text));
        }
    }

    private void untilBreak(int depth, String role) {
        while (!atBreak(depth - 1)) {
            item(depth, role);
        }
    }

    /** At a break: annotates it, moves past it and returns true. */
    private boolean atBreak(int depth) {
        int next = in.peekOrEnd();
        if (next < 0) {
            throw in.error("an item or a break, but " + in.ends());
        }
        if (next != CborInput.BREAK) {
            return false;
        }
        out.line(in.position, in.position + 1, depth, "break");
        in.position++;
        return true;
    }

    private void simple(int start, int depth, String role) {
        String meaning = switch (in.info) {
            case 20 -> "false";
            case 21 -> "true";
            case 22 -> "null";
            case 23 -> "undefined";
            case 25 -> "half float " + HalfFloat.toFloat((int) in.argument);
            case 26 -> "float " + Float.intBitsToFloat((int) in.argument);
            case 27 -> "double " + Double.longBitsToDouble(in.argument);
            case CborInput.INDEFINITE -> throw in.error(start, "a data item, found an unexpected break");
            default -> "simple value " + in.argument;
        };
        out.line(start, in.position, depth, role + meaning);
    }

    private static String unsigned(long value) {
        return value >= 0 ? Long.toString(value) : BigInteger.valueOf(value).add(BigInteger.ONE.shiftLeft(64)).toString();
    }

    private static String tagMeaning(long tag) {
        if (tag == 27) {
            return " (a typed object: [alias, map])";
        }
        if (tag == 55799) {
            return " (self-described CBOR)";
        }
        if (tag == 2 || tag == 3) {
            return tag == 2 ? " (unsigned bignum)" : " (negative bignum)";
        }
        return tag == 4 ? " (decimal fraction)" : "";
    }
}
