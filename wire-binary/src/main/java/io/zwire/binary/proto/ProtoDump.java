package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.binary.dump.AnnotatedHex;

import java.math.BigInteger;

import static io.zwire.binary.proto.ProtoLayout.EGROUP;
import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.SGROUP;
import static io.zwire.binary.proto.ProtoLayout.VARINT;

/**
 * Annotates a NUMBERED document without a schema, one line per field: its number, wire type and
 * value. A varint shows its unsigned value and its zig-zag reading (zwire's signed integers);
 * fixed64 and fixed32 show the double and float zwire writes there; a length-delimited value
 * shows as text when it is printable UTF-8, as a nested message when it parses as one (its
 * fields indented below), else as bytes. Used through {@link io.zwire.binary.BinaryDump}.
 */
public final class ProtoDump {
    private final ProtoInput in;
    private final AnnotatedHex out;

    private ProtoDump(Bytes bytes, AnnotatedHex out) {
        this.in = new ProtoInput(bytes, ReadLimits.defaults(), ProtoLayout.WIRE);
        this.out = out;
    }

    /**
     * Adds the lines of the document at {@code offset} to {@code out}; malformed input ends the
     * dump with a line naming the problem.
     *
     * @return the offset after the document, or the end of the written bytes if it is malformed
     */
    public static int dump(Bytes bytes, int offset, AnnotatedHex out) {
        ProtoDump dump = new ProtoDump(bytes, out);
        dump.in.reset(offset, bytes.writePosition());
        try {
            return dump.document(offset);
        } catch (WireException e) {
            out.error(e);
            return bytes.writePosition();
        }
    }

    private int document(int offset) {
        long length = in.varint();
        if (length > in.limit - in.position) {
            throw in.error(offset, "a document length within the " + (in.limit - in.position) + " bytes that follow, found "
                    + Long.toUnsignedString(length));
        }
        int end = in.position + (int) length;
        out.line(offset, in.position, 0, "document, " + length + " bytes" + padding(offset, length));
        in.limit = end;
        fields(end, 1);
        return end;
    }

    private String padding(int lengthStart, long length) {
        return in.position - lengthStart > Bytes.varintLength(length) ? " (length padded to " + (in.position - lengthStart)
                + " bytes)" : "";
    }

    private void fields(int end, int depth) {
        if (depth > in.limits.maxDepth()) {
            throw in.error("nesting no deeper than ReadLimits.maxDepth " + in.limits.maxDepth());
        }
        while (in.position < end) {
            int tagStart = in.position;
            int tag = in.tag();
            int number = tag >>> 3;
            switch (tag & 7) {
                case VARINT -> {
                    long value = in.varint();
                    out.line(tagStart, in.position, depth, number + ": varint " + unsigned(value)
                            + (value > 1 ? " (sint " + ProtoOutput.unZigZag(value) + ")" : value == 1 ? " (sint -1)" : ""));
                }
                case I64 -> {
                    double value = Double.longBitsToDouble(in.fixed64());
                    out.line(tagStart, in.position, depth, number + ": fixed64, double " + value);
                }
                case I32 -> {
                    float value = Float.intBitsToFloat(in.fixed32());
                    out.line(tagStart, in.position, depth, number + ": fixed32, float " + value);
                }
                case LEN -> lengthDelimited(tagStart, number, depth);
                case SGROUP -> {
                    out.line(tagStart, in.position, depth, number + ": group");
                    group(number, depth + 1);
                }
                default -> throw in.endGroupOutside(tagStart, number);
            }
            if (in.position > end) {
                throw in.error(tagStart, "a field within its message, which ends at offset " + end);
            }
        }
    }

    private static String unsigned(long value) {
        return value >= 0 ? Long.toString(value) : BigInteger.valueOf(value).add(BigInteger.ONE.shiftLeft(64)).toString();
    }

    private void lengthDelimited(int tagStart, int number, int depth) {
        int lengthStart = in.position;
        int length = in.length();
        int start = in.position;
        int end = start + length;
        StringBuilder text = new StringBuilder(length);
        ProtoValues.Guess guess = ProtoValues.guess(in, start, end, text);
        if (length == 0) {
            out.line(tagStart, end, depth, number + ": length-delimited, empty");
        } else if (guess == ProtoValues.Guess.TEXT) {
            out.line(tagStart, end, depth, number + ": string " + AnnotatedHex.quote(text));
        } else if (guess == ProtoValues.Guess.MESSAGE) {
            out.line(tagStart, start, depth, number + ": message, " + length + " bytes" + padding(lengthStart, length));
            fields(end, depth + 1);
        } else {
            out.line(tagStart, end, depth, number + ": bytes, " + length + " (a packed run, or binary data)");
        }
        in.position = end;
    }

    private void group(int number, int depth) {
        if (depth > in.limits.maxDepth()) {
            throw in.error("nesting no deeper than ReadLimits.maxDepth " + in.limits.maxDepth());
        }
        while (true) {
            if (in.position >= in.limit) {
                throw in.error("the end-group tag of field " + number + ", but the input ends");
            }
            int tagStart = in.position;
            int tag = in.tag();
            if ((tag & 7) == EGROUP) {
                if (tag >>> 3 != number) {
                    throw in.error(tagStart, "the end-group tag of field " + number + ", found one for field " + (tag >>> 3));
                }
                out.line(tagStart, in.position, depth - 1, number + ": end of group");
                return;
            }
            in.skipValue(tag);
            int fieldEnd = in.position;
            in.position = tagStart;
            fields(fieldEnd, depth);
        }
    }
}
