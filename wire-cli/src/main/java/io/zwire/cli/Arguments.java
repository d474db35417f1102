package io.zwire.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's parsed options: {@code --name value}, {@code --name=value} and {@code --flag}.
 * An option given twice keeps every value (for repeatable ones such as {@code --jdk}); the
 * single-value accessors take the last. {@code -h} is {@code --help}. Positional arguments
 * (operands, such as {@code zwire journal dump PATH}) only for a command that takes them.
 */
public final class Arguments {
    private final List<String> raw;
    private final Map<String, List<String>> values;
    private final Set<String> flags;
    private final List<String> operands;

    private Arguments(List<String> raw, Map<String, List<String>> values, Set<String> flags, List<String> operands) {
        this.raw = List.copyOf(raw);
        this.values = values;
        this.flags = flags;
        this.operands = List.copyOf(operands);
    }

    /**
     * Parses {@code args} against {@code options}; {@code --help} is always accepted. Allocates.
     *
     * @throws UsageException for an unknown option, a missing value, a value given to a flag, or
     *                        a positional argument
     */
    public static Arguments parse(List<String> args, List<Option> options) throws UsageException {
        return parse(args, options, 0);
    }

    /**
     * Parses {@code args} against {@code options}, taking up to {@code maxOperands} positional
     * arguments (anywhere among the options). Allocates.
     *
     * @throws UsageException as {@link #parse(List, List)}, or for more positional arguments than
     *                        {@code maxOperands}
     */
    public static Arguments parse(List<String> args, List<Option> options, int maxOperands) throws UsageException {
        Map<String, List<String>> values = new LinkedHashMap<>();
        Set<String> flags = new HashSet<>();
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("-h") || arg.equals("--help")) {
                flags.add("help");
                continue;
            }
            if (!arg.startsWith("--") && operands.size() < maxOperands) {
                operands.add(arg);
                continue;
            }
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            int eq = arg.indexOf('=');
            String name = arg.substring(2, eq < 0 ? arg.length() : eq);
            Option option = find(options, name);
            if (!option.takesValue()) {
                if (eq >= 0) {
                    throw new UsageException("--" + name + " takes no value");
                }
                flags.add(name);
                continue;
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            } else {
                throw new UsageException("--" + name + " needs a value (" + option.valueName() + ")");
            }
            if (value.isEmpty()) {
                throw new UsageException("--" + name + " needs a non-empty value (" + option.valueName() + ")");
            }
            values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return new Arguments(args, values, flags, operands);
    }

    private static Option find(List<Option> options, String name) throws UsageException {
        for (Option option : options) {
            if (option.name().equals(name)) {
                return option;
            }
        }
        throw new UsageException("unknown option --" + name);
    }

    /** The arguments as given, for reports that quote the command that produced them. */
    public List<String> raw() {
        return raw;
    }

    /** The positional arguments, in order; empty for a command that takes none. */
    public List<String> operands() {
        return operands;
    }

    /** True when the flag was given. */
    public boolean flag(String name) {
        return flags.contains(name);
    }

    /** True when help was asked for. */
    public boolean help() {
        return flags.contains("help");
    }

    /** The last value of the option, or {@code fallback}. */
    public String value(String name, String fallback) {
        List<String> given = values.get(name);
        return given == null ? fallback : given.get(given.size() - 1);
    }

    /** Every value of the option, in order; empty if not given. */
    public List<String> values(String name) {
        return values.getOrDefault(name, List.of());
    }

    /** Every value, each split at commas, blanks dropped: {@code --wire yaml,raw --wire json}. */
    public List<String> list(String name) {
        List<String> items = new ArrayList<>();
        for (String value : values(name)) {
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.trim());
                }
            }
        }
        return items;
    }

    /**
     * The option as a long of at least {@code min}, or {@code fallback}. Accepts {@code _} and
     * {@code ,} separators and the suffixes {@code k} and {@code M}.
     *
     * @throws UsageException if the value is not such a number
     */
    public long longValue(String name, long fallback, long min) throws UsageException {
        String text = value(name, null);
        if (text == null) {
            return fallback;
        }
        String digits = text.replace("_", "").replace(",", "");
        long scale = 1;
        if (digits.endsWith("k")) {
            scale = 1_000;
        } else if (digits.endsWith("M")) {
            scale = 1_000_000;
        }
        try {
            long parsed = Math.multiplyExact(Long.parseLong(scale == 1 ? digits : digits.substring(0, digits.length() - 1)), scale);
            if (parsed < min) {
                throw new UsageException("--" + name + " must be at least " + min + ", got " + text);
            }
            return parsed;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new UsageException("--" + name + " needs a whole number, got '" + text + "'");
        }
    }

    /**
     * The option as a non-negative finite double, or {@code fallback}.
     *
     * @throws UsageException if the value is not such a number
     */
    public double doubleValue(String name, double fallback) throws UsageException {
        String text = value(name, null);
        if (text == null) {
            return fallback;
        }
        try {
            double parsed = Double.parseDouble(text);
            if (parsed < 0 || !Double.isFinite(parsed)) {
                throw new NumberFormatException(text);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " needs a non-negative number, got '" + text + "'");
        }
    }

    /**
     * The option, which must be one of {@code choices}, or {@code fallback}.
     *
     * @throws UsageException if it is something else
     */
    public String choice(String name, String fallback, List<String> choices) throws UsageException {
        String value = value(name, fallback);
        if (!choices.contains(value)) {
            throw new UsageException("--" + name + " must be one of " + String.join(", ", choices) + ", got '" + value + "'");
        }
        return value;
    }
}
