package io.zwire.test.harness;

/**
 * A pretty-printed JSON object built field by field, enough for the garbage report: objects,
 * one array of objects, strings, numbers and booleans. Written here so that the test module needs
 * no JSON library. Not thread-safe; allocates.
 */
final class JsonText {
    private final StringBuilder out = new StringBuilder();
    private int depth;
    private boolean first = true;

    JsonText beginObject(String name) {
        open(name, '{');
        return this;
    }

    JsonText endObject() {
        return close('}');
    }

    JsonText beginArray(String name) {
        open(name, '[');
        return this;
    }

    JsonText endArray() {
        return close(']');
    }

    JsonText field(String name, String value) {
        if (value != null) {
            key(name);
            string(value);
        }
        return this;
    }

    JsonText field(String name, double value) {
        key(name);
        // JSON has no NaN or infinity: such a figure is written as absent rather than as invalid JSON.
        out.append(Double.isFinite(value) ? Double.toString(value) : "null");
        return this;
    }

    JsonText field(String name, long value) {
        key(name);
        out.append(value);
        return this;
    }

    JsonText field(String name, boolean value) {
        key(name);
        out.append(value);
        return this;
    }

    @Override
    public String toString() {
        return out + "\n";
    }

    private void open(String name, char bracket) {
        if (name == null) {
            separate();
        } else {
            key(name);
        }
        out.append(bracket);
        depth++;
        first = true;
    }

    private JsonText close(char bracket) {
        depth--;
        if (!first) {
            newLine();
        }
        out.append(bracket);
        first = false;
        return this;
    }

    private void key(String name) {
        separate();
        string(name);
        out.append(" : ");
    }

    private void separate() {
        if (!first) {
            out.append(',');
        }
        if (depth > 0) {
            newLine();
        }
        first = false;
    }

    private void newLine() {
        out.append('\n');
        out.append("  ".repeat(depth));
    }

    private void string(String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
