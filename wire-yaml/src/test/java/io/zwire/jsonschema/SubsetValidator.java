package io.zwire.jsonschema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * A JSON Schema validator for the part of draft 2020-12 that {@link JsonSchema} writes: type,
 * properties, additionalProperties (a boolean or a schema), propertyNames, pattern, required, enum, minimum, maximum, minLength, maxLength, items,
 * $ref to $defs, anyOf, oneOf, not, contentEncoding base64, and annotations. A keyword outside that
 * part is an error rather than ignored, so a schema cannot pass for a keyword this validator does
 * not check. Instances are trees as {@code JsonValues.readAll} reads them (maps, lists, strings,
 * BigInteger, BigDecimal, booleans, null).
 */
final class SubsetValidator {
    private static final List<String> ANNOTATIONS = List.of("$schema", "title", "description", "$defs");

    private final Map<?, ?> root;

    SubsetValidator(Map<?, ?> root) {
        this.root = root;
    }

    /** What is wrong with {@code instance}, one line per violation, each with its path; empty when valid. */
    List<String> errors(Object instance) {
        List<String> errors = new ArrayList<>();
        validate(root, instance, "$", errors);
        return errors;
    }

    private void validate(Object schema, Object instance, String path, List<String> errors) {
        if (schema instanceof Boolean allowed) {
            if (!allowed) {
                errors.add(path + ": no value is allowed here");
            }
            return;
        }
        Map<?, ?> keywords = (Map<?, ?>) schema;
        for (Map.Entry<?, ?> keyword : keywords.entrySet()) {
            String name = (String) keyword.getKey();
            Object value = keyword.getValue();
            switch (name) {
                case "$ref" -> validate(resolve((String) value), instance, path, errors);
                case "type" -> {
                    List<?> allowed = value instanceof List<?> list ? list : List.of(value);
                    if (allowed.stream().noneMatch(type -> hasType(instance, (String) type))) {
                        errors.add(path + ": " + describe(instance) + " is not of type " + allowed);
                    }
                }
                case "properties" -> {
                    if (instance instanceof Map<?, ?> object) {
                        for (Map.Entry<?, ?> property : ((Map<?, ?>) value).entrySet()) {
                            if (object.containsKey(property.getKey())) {
                                validate(property.getValue(), object.get(property.getKey()),
                                        path + "." + property.getKey(), errors);
                            }
                        }
                    }
                }
                case "additionalProperties" -> {
                    Map<?, ?> declared = (Map<?, ?>) keywords.get("properties");
                    if (instance instanceof Map<?, ?> object) {
                        object.entrySet().stream().filter(e -> declared == null || !declared.containsKey(e.getKey()))
                                .forEach(e -> validate(value, e.getValue(), path + "." + e.getKey(), errors));
                    }
                }
                case "propertyNames" -> {
                    if (instance instanceof Map<?, ?> object) {
                        object.keySet().forEach(key -> validate(value, key, path + " key " + describe(key), errors));
                    }
                }
                case "pattern" -> {
                    if (instance instanceof String text && !java.util.regex.Pattern.compile((String) value).matcher(text).find()) {
                        errors.add(path + ": " + describe(instance) + " does not match " + value);
                    }
                }
                case "required" -> {
                    if (instance instanceof Map<?, ?> object) {
                        ((List<?>) value).stream().filter(key -> !object.containsKey(key))
                                .forEach(key -> errors.add(path + ": property " + key + " is missing"));
                    }
                }
                case "enum" -> {
                    if (((List<?>) value).stream().noneMatch(constant -> same(constant, instance))) {
                        errors.add(path + ": " + describe(instance) + " is not one of " + value);
                    }
                }
                case "minimum" -> {
                    if (number(instance) != null && number(instance).compareTo(number(value)) < 0) {
                        errors.add(path + ": " + instance + " is below the minimum " + value);
                    }
                }
                case "maximum" -> {
                    if (number(instance) != null && number(instance).compareTo(number(value)) > 0) {
                        errors.add(path + ": " + instance + " is above the maximum " + value);
                    }
                }
                case "minLength", "maxLength" -> {
                    if (instance instanceof String text) {
                        int length = text.codePointCount(0, text.length());
                        int limit = number(value).intValueExact();
                        if (name.equals("minLength") ? length < limit : length > limit) {
                            errors.add(path + ": " + describe(instance) + " breaks " + name + " " + limit);
                        }
                    }
                }
                case "items" -> {
                    if (instance instanceof List<?> list) {
                        for (int i = 0; i < list.size(); i++) {
                            validate(value, list.get(i), path + "[" + i + "]", errors);
                        }
                    }
                }
                case "anyOf", "oneOf" -> {
                    List<String> failures = new ArrayList<>();
                    int passed = 0;
                    for (Object alternative : (List<?>) value) {
                        List<String> own = new ArrayList<>();
                        validate(alternative, instance, path, own);
                        passed += own.isEmpty() ? 1 : 0;
                        failures.addAll(own);
                    }
                    if (passed == 0 || name.equals("oneOf") && passed > 1) {
                        errors.add(path + ": " + passed + " alternatives of " + name + " match " + describe(instance)
                                + " " + failures);
                    }
                }
                case "not" -> {
                    List<String> own = new ArrayList<>();
                    validate(value, instance, path, own);
                    if (own.isEmpty()) {
                        errors.add(path + ": " + describe(instance) + " matches what 'not' forbids");
                    }
                }
                case "contentEncoding" -> {
                    if (!"base64".equals(value)) {
                        throw new IllegalArgumentException("contentEncoding " + value + " is not supported");
                    }
                    if (instance instanceof String text && !base64(text)) {
                        errors.add(path + ": " + describe(instance) + " is not base64");
                    }
                }
                default -> {
                    if (!ANNOTATIONS.contains(name)) {
                        throw new IllegalArgumentException("keyword " + name + " is not supported by the test validator");
                    }
                }
            }
        }
    }

    private Object resolve(String ref) {
        String prefix = "#/$defs/";
        if (!ref.startsWith(prefix)) {
            throw new IllegalArgumentException("only references to $defs are supported: " + ref);
        }
        Object target = ((Map<?, ?>) root.get("$defs")).get(ref.substring(prefix.length()));
        if (target == null) {
            throw new IllegalArgumentException("no $defs entry for " + ref);
        }
        return target;
    }

    private static boolean hasType(Object instance, String type) {
        return switch (type) {
            case "null" -> instance == null;
            case "boolean" -> instance instanceof Boolean;
            case "string" -> instance instanceof String;
            case "object" -> instance instanceof Map;
            case "array" -> instance instanceof List;
            case "number" -> number(instance) != null;
            case "integer" -> instance instanceof BigInteger
                    || instance instanceof BigDecimal d && d.stripTrailingZeros().scale() <= 0;
            default -> throw new IllegalArgumentException("type " + type + " is not supported");
        };
    }

    private static BigDecimal number(Object value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        return null;
    }

    private static boolean same(Object constant, Object instance) {
        if (number(constant) != null && number(instance) != null) {
            return number(constant).compareTo(number(instance)) == 0;
        }
        return constant == null ? instance == null : constant.equals(instance);
    }

    private static boolean base64(String text) {
        try {
            Base64.getDecoder().decode(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String describe(Object instance) {
        return instance instanceof String ? "\"" + instance + "\"" : String.valueOf(instance);
    }
}
