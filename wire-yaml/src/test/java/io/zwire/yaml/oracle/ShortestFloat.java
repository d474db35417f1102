package io.zwire.yaml.oracle;

import io.zwire.internal.DoubleToDecimal;

import java.nio.charset.StandardCharsets;

/**
 * The double another library reads from the text we write for a float: the shortest decimal that
 * reads back as the float (as {@code Float.toString} spells it on JDK 19 and later), read as a
 * double. That is the number YAML carries; a library loading it as a double gets exactly this.
 */
final class ShortestFloat {
    private ShortestFloat() {
    }

    static double asDouble(float value) {
        if (!Float.isFinite(value)) {
            return value;
        }
        byte[] text = new byte[DoubleToDecimal.MAX_FLOAT_LENGTH];
        int end = DoubleToDecimal.writeFloat(value, text, 0);
        return Double.parseDouble(new String(text, 0, end, StandardCharsets.US_ASCII));
    }
}
