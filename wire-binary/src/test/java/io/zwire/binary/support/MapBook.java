package io.zwire.binary.support;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.example.Party;

import java.util.Arrays;
import java.util.Objects;

/**
 * A type with two maps kept in the type's own structures, as users of maps are told to: prices by
 * symbol in parallel arrays, and parties by an int id read into instances the book keeps. Reading
 * a document into a used book allocates nothing once its arrays hold as many entries as the
 * document (a party is made the first time its slot is used).
 */
public final class MapBook implements Marshallable {
    public static final Field ID = Field.of(1, "id");
    public static final Field PRICES = Field.of(2, "prices");
    public static final Field PARTIES = Field.of(3, "parties");
    public static final Field NAME = Field.of(4, "name");

    public long id;
    public int priceCount;
    public String[] symbols = new String[16];
    public double[] prices = new double[16];
    public int partyCount;
    public int[] partyIds = new int[16];
    public Party[] parties = new Party[16];
    public String name;

    /** A book with {@code prices} prices (symbols S0, S1, ...) and {@code parties} parties. */
    public static MapBook sample(int prices, int parties) {
        MapBook book = new MapBook();
        book.id = 42;
        book.name = "book";
        for (int i = 0; i < prices; i++) {
            book.putPrice("S" + i, 100.25 + i);
        }
        for (int i = 0; i < parties; i++) {
            book.putParty(-3 + 1000 * i, new Party("party " + i, i % 2 == 0 ? "ACC-" + i : null, 7L * i));
        }
        return book;
    }

    public MapBook putPrice(String symbol, double price) {
        symbols = grow(symbols, priceCount);
        prices = priceCount < prices.length ? prices : Arrays.copyOf(prices, prices.length * 2);
        symbols[priceCount] = symbol;
        prices[priceCount++] = price;
        return this;
    }

    public MapBook putParty(int id, Party party) {
        parties = grow(parties, partyCount);
        partyIds = partyCount < partyIds.length ? partyIds : Arrays.copyOf(partyIds, partyIds.length * 2);
        partyIds[partyCount] = id;
        parties[partyCount++] = party;
        return this;
    }

    private static <E> E[] grow(E[] array, int size) {
        return size < array.length ? array : Arrays.copyOf(array, array.length * 2);
    }

    /** The party in slot {@code i}, made the first time the slot is used. */
    private Party partyAt(int i) {
        if (i == parties.length) {
            parties = grow(parties, i);
            partyIds = Arrays.copyOf(partyIds, parties.length);
        }
        Party party = parties[i];
        if (party == null) {
            party = parties[i] = new Party();
        }
        return party;
    }

    private void readPrice(String symbol, double price) {
        if (priceCount == prices.length) {
            symbols = grow(symbols, priceCount);
            prices = Arrays.copyOf(prices, symbols.length);
        }
        symbols[priceCount] = symbol;
        prices[priceCount++] = price;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(ID).int64(id)
           .write(PRICES).map(this, (o, m) -> {
               for (int i = 0; i < o.priceCount; i++) {
                   m.key(o.symbols[i]).float64(o.prices[i]);
               }
           })
           .write(PARTIES).map(this, (o, m) -> {
               for (int i = 0; i < o.partyCount; i++) {
                   m.key(o.partyIds[i]).marshallable(o.parties[i]);
               }
           })
           .write(NAME).text(name);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(ID).int64(this, (o, v) -> o.id = v)
          .read(PRICES).map(this, (o, m) -> {
              o.priceCount = 0;
              while (m.hasNextEntry()) {
                  o.readPrice(m.textKey(), m.float64());
              }
          })
          .read(PARTIES).map(this, (o, m) -> {
              o.partyCount = 0;
              while (m.hasNextEntry()) {
                  int key = m.int32Key();
                  Party party = o.partyAt(o.partyCount);
                  m.marshallable(party);
                  o.partyIds[o.partyCount++] = key;
              }
          })
          .read(NAME).text(this, (o, v) -> o.name = v);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof MapBook b) || id != b.id || priceCount != b.priceCount || partyCount != b.partyCount
                || !Objects.equals(name, b.name)) {
            return false;
        }
        for (int i = 0; i < priceCount; i++) {
            if (!symbols[i].equals(b.symbols[i]) || Double.compare(prices[i], b.prices[i]) != 0) {
                return false;
            }
        }
        for (int i = 0; i < partyCount; i++) {
            if (partyIds[i] != b.partyIds[i] || !parties[i].equals(b.parties[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("MapBook{id=").append(id).append(", prices={");
        for (int i = 0; i < priceCount; i++) {
            text.append(i == 0 ? "" : ", ").append(symbols[i]).append('=').append(prices[i]);
        }
        text.append("}, parties={");
        for (int i = 0; i < partyCount; i++) {
            text.append(i == 0 ? "" : ", ").append(partyIds[i]).append('=').append(parties[i]);
        }
        return text.append("}, name=").append(name).append('}').toString();
    }
}
