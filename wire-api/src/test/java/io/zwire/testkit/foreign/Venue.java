package io.zwire.testkit.foreign;

import java.util.Objects;

/** A third-party class zwire cannot change: a bean with getters and setters, nested in {@link Quote}. */
public final class Venue {
    private String name;
    private int code;

    public Venue() {
    }

    public Venue(String name, int code) {
        this.name = name;
        this.code = code;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public int getCode() {
        return code;
    }

    public void setCode(int code) {
        this.code = code;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Venue v && code == v.code && Objects.equals(name, v.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, code);
    }

    @Override
    public String toString() {
        return "Venue[" + name + ", " + code + "]";
    }
}
