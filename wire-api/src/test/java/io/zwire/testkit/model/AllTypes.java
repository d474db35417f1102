package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** One field of every value kind the API has, for the contract suite. */
public final class AllTypes implements Marshallable {
    static final Field INT8 = Field.of(1, "int8");
    static final Field INT16 = Field.of(2, "int16");
    static final Field UINT16 = Field.of(3, "uint16");
    static final Field INT32 = Field.of(4, "int32");
    static final Field INT64 = Field.of(5, "int64");
    static final Field FLOAT32 = Field.of(6, "float32");
    static final Field FLOAT64 = Field.of(7, "float64");
    static final Field BOOL = Field.of(8, "bool");
    static final Field CHAR16 = Field.of(9, "char16");
    static final Field TEXT = Field.of(10, "text");
    static final Field NOTE = Field.of(11, "note");
    static final Field DATA = Field.of(12, "data");
    static final Field SIDE = Field.of(13, "side");
    static final Field PARTY = Field.of(14, "party");
    static final Field LONGS = Field.of(15, "longs");
    static final Field TAGS = Field.of(16, "tags");
    static final Field PARTIES = Field.of(17, "parties");
    static final Field MATRIX = Field.of(18, "matrix");
    static final Field PAYLOAD = Field.of(19, "payload");

    public byte int8;
    public short int16;
    public int uint16;
    public int int32;
    public long int64;
    public float float32;
    public double float64;
    public boolean bool;
    public char char16;
    public String text;
    /** Read through the garbage-free {@code textTo}: null reads as empty. */
    public final StringBuilder note = new StringBuilder();
    public byte[] data;
    public Side side;
    public Party party;
    public final List<Long> longs = new ArrayList<>();
    public final List<String> tags = new ArrayList<>();
    public final List<Party> parties = new ArrayList<>();
    public final List<List<Integer>> matrix = new ArrayList<>();
    /** A typed object: an {@link Order} or a {@link Party}, resolved through the type registry. */
    public Marshallable payload;

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(INT8).int8(int8)
           .write(INT16).int16(int16)
           .write(UINT16).uint16(uint16)
           .write(INT32).int32(int32)
           .write(INT64).int64(int64)
           .write(FLOAT32).float32(float32)
           .write(FLOAT64).float64(float64)
           .write(BOOL).bool(bool)
           .write(CHAR16).char16(char16)
           .write(TEXT).text(text)
           .write(NOTE).text(note)
           .write(DATA).bytes(data)
           .write(SIDE).asEnum(side)
           .write(PARTY).marshallable(party)
           .write(LONGS).sequence(this, (o, seq) -> o.longs.forEach(seq::int64))
           .write(TAGS).sequence(this, (o, seq) -> o.tags.forEach(seq::text))
           .write(PARTIES).sequence(this, (o, seq) -> o.parties.forEach(seq::marshallable))
           .write(MATRIX).sequence(this, (o, seq) -> {
               for (List<Integer> row : o.matrix) {
                   seq.sequence(row, (r, cells) -> r.forEach(cells::int32));
               }
           })
           .write(PAYLOAD).typed(payload);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(INT8).int8(this, (o, v) -> o.int8 = v)
          .read(INT16).int16(this, (o, v) -> o.int16 = v)
          .read(UINT16).uint16(this, (o, v) -> o.uint16 = v)
          .read(INT32).int32(this, (o, v) -> o.int32 = v)
          .read(INT64).int64(this, (o, v) -> o.int64 = v)
          .read(FLOAT32).float32(this, (o, v) -> o.float32 = v)
          .read(FLOAT64).float64(this, (o, v) -> o.float64 = v)
          .read(BOOL).bool(this, (o, v) -> o.bool = v)
          .read(CHAR16).char16(this, (o, v) -> o.char16 = v)
          .read(TEXT).text(this, (o, v) -> o.text = v)
          .read(NOTE).textTo(note)
          .read(DATA).bytes(this, (o, v) -> o.data = v)
          .read(SIDE).asEnum(Side.class, this, (o, v) -> o.side = v)
          .read(PARTY).marshallable(this, party, Party::new, (o, v) -> o.party = v)
          .read(LONGS).sequence(this, (o, seq) -> {
              o.longs.clear();
              while (seq.hasNextElement()) {
                  o.longs.add(seq.int64());
              }
          })
          .read(TAGS).sequence(this, (o, seq) -> {
              o.tags.clear();
              while (seq.hasNextElement()) {
                  o.tags.add(seq.text());
              }
          })
          .read(PARTIES).sequence(this, (o, seq) -> {
              o.parties.clear();
              while (seq.hasNextElement()) {
                  seq.marshallable(o, null, Party::new, (x, p) -> x.parties.add(p));
              }
          })
          .read(MATRIX).sequence(this, (o, seq) -> {
              o.matrix.clear();
              while (seq.hasNextElement()) {
                  List<Integer> row = new ArrayList<>();
                  seq.sequence(row, (r, cells) -> {
                      while (cells.hasNextElement()) {
                          r.add(cells.int32());
                      }
                  });
                  o.matrix.add(row);
              }
          })
          .read(PAYLOAD).typed(Marshallable.class, this, payload, (o, v) -> o.payload = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AllTypes o && int8 == o.int8 && int16 == o.int16 && uint16 == o.uint16
                && int32 == o.int32 && int64 == o.int64 && Float.compare(float32, o.float32) == 0
                && Double.compare(float64, o.float64) == 0 && bool == o.bool && char16 == o.char16
                && Objects.equals(text, o.text) && note.toString().equals(o.note.toString())
                && Arrays.equals(data, o.data) && side == o.side && Objects.equals(party, o.party)
                && longs.equals(o.longs) && tags.equals(o.tags) && parties.equals(o.parties)
                && matrix.equals(o.matrix) && Objects.equals(payload, o.payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(int64, text, side);
    }

    @Override
    public String toString() {
        return "AllTypes{int8=" + int8 + ", int16=" + int16 + ", uint16=" + uint16 + ", int32=" + int32
                + ", int64=" + int64 + ", float32=" + float32 + ", float64=" + float64 + ", bool=" + bool
                + ", char16=" + (int) char16 + ", text=" + text + ", note=" + note + ", data=" + Arrays.toString(data)
                + ", side=" + side + ", party=" + party + ", longs=" + longs + ", tags=" + tags
                + ", parties=" + parties + ", matrix=" + matrix + ", payload=" + payload + "}";
    }
}
