package io.zwire.binary.cbor;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Hand-built CBOR for the bad-input tests: raw bytes, heads and short text strings. */
final class CborBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static CborBytes of(int... raw) {
        return new CborBytes().raw(raw);
    }

    CborBytes raw(int... values) {
        for (int value : values) {
            out.write(value);
        }
        return this;
    }

    /** A head in its shortest form. */
    CborBytes head(int major, long argument) {
        int type = major << 5;
        if (argument < 24) {
            return raw(type | (int) argument);
        }
        if (argument < 0x100) {
            return raw(type | 24, (int) argument);
        }
        if (argument < 0x10000) {
            return raw(type | 25, (int) (argument >>> 8), (int) argument & 0xFF);
        }
        raw(type | 27);
        for (int shift = 56; shift >= 0; shift -= 8) {
            out.write((int) (argument >>> shift));
        }
        return this;
    }

    CborBytes text(String value) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        head(3, utf8.length);
        out.writeBytes(utf8);
        return this;
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }
}
