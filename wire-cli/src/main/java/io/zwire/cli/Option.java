package io.zwire.cli;

/**
 * One option a command accepts.
 *
 * @param name        the long name without dashes, e.g. {@code wire}
 * @param valueName   how the value is shown in the usage, e.g. {@code FILE}; null for a flag
 * @param description one line for the usage
 */
public record Option(String name, String valueName, String description) {
    /** An option that takes a value. */
    public static Option value(String name, String valueName, String description) {
        return new Option(name, valueName, description);
    }

    /** An option without a value. */
    public static Option flag(String name, String description) {
        return new Option(name, null, description);
    }

    /** True when the option takes a value. */
    public boolean takesValue() {
        return valueName != null;
    }
}
