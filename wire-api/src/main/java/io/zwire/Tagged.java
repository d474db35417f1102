package io.zwire;

import java.util.Objects;

/**
 * A typed object in the plain-value form of a document ({@link Wire#readValue}): the alias it
 * was tagged with ({@code !Order} in YAML) and its value, usually a {@code Map}.
 *
 * @param tag   the alias, without the YAML {@code !}
 * @param value the tagged value
 */
public record Tagged(String tag, Object value) {
    /**
     * A tagged value.
     *
     * @param tag   the tag
     * @param value the tagged value
     * @throws NullPointerException if {@code tag} is null
     */
    public Tagged {
        Objects.requireNonNull(tag, "tag");
    }
}
