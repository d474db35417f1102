package io.zwire.example;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/** The counterparty of an {@link Order}: two strings and an id. One source file, like {@link Order}'s. */
public final class Party implements Marshallable {
    static final Field NAME = Field.of(1, "name");
    static final Field ACCOUNT = Field.of(2, "account");
    static final Field ID = Field.of(3, "id");

    String name;
    String account;
    long id;

    /** An empty party, for reading into: every field its default. */
    public Party() {
    }

    /** A party of these values. */
    public Party(String name, String account, long id) {
        this.name = name;
        this.account = account;
        this.id = id;
    }

    /** {@return the party's name, null when absent} */
    public String name() {
        return name;
    }

    /** {@return the account, null when absent} */
    public String account() {
        return account;
    }

    /** {@return the party's id} */
    public long id() {
        return id;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(NAME).text(name)
           .write(ACCOUNT).text(account)
           .write(ID).int64(id);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(NAME).text(this, (o, v) -> o.name = v)
          .read(ACCOUNT).text(this, (o, v) -> o.account = v)
          .read(ID).int64(this, (o, v) -> o.id = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Party p && id == p.id && Objects.equals(name, p.name) && Objects.equals(account, p.account);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, account, id);
    }

    @Override
    public String toString() {
        return "Party{name=" + name + ", account=" + account + ", id=" + id + "}";
    }
}
