package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.example.Party;

import java.util.Arrays;

/**
 * A garbage-free type with maps, as a risk service would keep its configuration: a limit per
 * symbol (text keys to float64, in parallel arrays) and a desk per id (int32 keys to {@link Party}
 * objects, read into a pool of existing instances found by id). Reading the same keys again
 * allocates nothing: text keys come back interned, parties are read in place. A key beyond the
 * arrays' capacity grows them (allocates), which a steady state never does.
 */
public final class RiskLimits implements Marshallable {
    static final Field ACCOUNT = Field.of(1, "account");
    static final Field LIMITS = Field.of(2, "limits");
    static final Field DESKS = Field.of(3, "desks");
    static final Field VERSION = Field.of(4, "version");
    static final String[] SYMBOLS = {"EURUSD", "GBPUSD", "USDJPY", "USDCHF", "AUDUSD", "NZDUSD", "USDCAD", "EURGBP",
            "EURJPY", "XAUUSD"};

    String account;
    String[] symbols = new String[16];
    double[] limits = new double[16];
    int limitCount;
    /** The desk pool: ids and their instances, filled as ids first arrive and kept across documents. */
    int[] poolIds = new int[8];
    Party[] pool = new Party[8];
    int poolSize;
    /** The pool slots of this document's desks, in their order on the wire. */
    int[] deskSlots = new int[8];
    int deskCount;
    long version;

    public RiskLimits() {
    }

    /** Ten limits and three desks, with values distinct from {@link #other()}. */
    public static RiskLimits sample() {
        RiskLimits risk = new RiskLimits();
        risk.account = "ACC-1";
        for (int i = 0; i < SYMBOLS.length; i++) {
            risk.putLimit(SYMBOLS[i], 1_000_000.0 * (i + 1) + 0.25);
        }
        risk.putDesk(101, new Party("FX spot", "D-101", 1));
        risk.putDesk(-7, new Party("Metals", null, 2));
        risk.putDesk(Integer.MAX_VALUE, new Party("Options", "D-MAX", 3));
        risk.version = 1;
        return risk;
    }

    /** The same keys as {@link #sample()}, other values, the desks in another order. */
    public static RiskLimits other() {
        RiskLimits risk = new RiskLimits();
        risk.account = "ACC-2";
        for (int i = SYMBOLS.length - 1; i >= 0; i--) {
            risk.putLimit(SYMBOLS[i], -1.5 * i);
        }
        risk.putDesk(Integer.MAX_VALUE, new Party("Options", "D-MAX", 30));
        risk.putDesk(101, new Party("FX spot", "D-101", 10));
        risk.putDesk(-7, new Party("Metals", "D-7", 20));
        risk.version = 2;
        return risk;
    }

    /** Appends a limit (duplicates kept, in order). Allocates only past the arrays' capacity. */
    public void putLimit(String symbol, double limit) {
        if (limitCount == symbols.length) {
            symbols = Arrays.copyOf(symbols, limitCount * 2);
            limits = Arrays.copyOf(limits, limitCount * 2);
        }
        symbols[limitCount] = symbol;
        limits[limitCount++] = limit;
    }

    /** Puts {@code party} in the pool under {@code id} and appends it to this document's desks. */
    public void putDesk(int id, Party party) {
        int slot = slotOf(id);
        pool[slot] = party;
        appendDesk(slot);
    }

    private void appendDesk(int slot) {
        if (deskCount == deskSlots.length) {
            deskSlots = Arrays.copyOf(deskSlots, deskCount * 2);
        }
        deskSlots[deskCount++] = slot;
    }

    /** The pool slot of {@code id}, a new one (with a new party) the first time the id is seen. */
    private int slotOf(int id) {
        for (int i = 0; i < poolSize; i++) {
            if (poolIds[i] == id) {
                return i;
            }
        }
        if (poolSize == pool.length) {
            poolIds = Arrays.copyOf(poolIds, poolSize * 2);
            pool = Arrays.copyOf(pool, poolSize * 2);
        }
        poolIds[poolSize] = id;
        pool[poolSize] = new Party();
        return poolSize++;
    }

    /** The party read under desk {@code id} in the last document, or null. */
    public Party desk(int id) {
        for (int i = 0; i < deskCount; i++) {
            if (poolIds[deskSlots[i]] == id) {
                return pool[deskSlots[i]];
            }
        }
        return null;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(ACCOUNT).text(account)
           .write(LIMITS).map(this, (o, m) -> {
               for (int i = 0; i < o.limitCount; i++) {
                   m.key(o.symbols[i]).float64(o.limits[i]);
               }
           })
           .write(DESKS).map(this, (o, m) -> {
               for (int i = 0; i < o.deskCount; i++) {
                   int slot = o.deskSlots[i];
                   m.key(o.poolIds[slot]).marshallable(o.pool[slot]);
               }
           })
           .write(VERSION).int64(version);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(ACCOUNT).text(this, (o, v) -> o.account = v)
          .read(LIMITS).map(this, (o, m) -> {
              o.limitCount = 0;
              while (m.hasNextEntry()) {
                  o.putLimit(m.textKey(), m.float64());
              }
          })
          .read(DESKS).map(this, RiskLimits::readDesks)
          .read(VERSION).int64(this, (o, v) -> o.version = v);
    }

    private static void readDesks(RiskLimits o, ValueIn m) {
        o.deskCount = 0;
        while (m.hasNextEntry()) {
            int slot = o.slotOf(m.int32Key());
            m.marshallable(o.pool[slot]);
            o.appendDesk(slot);
        }
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof RiskLimits r) || !java.util.Objects.equals(account, r.account) || version != r.version
                || limitCount != r.limitCount || deskCount != r.deskCount) {
            return false;
        }
        for (int i = 0; i < limitCount; i++) {
            if (!symbols[i].equals(r.symbols[i]) || Double.compare(limits[i], r.limits[i]) != 0) {
                return false;
            }
        }
        for (int i = 0; i < deskCount; i++) {
            int slot = deskSlots[i];
            int theirs = r.deskSlots[i];
            if (poolIds[slot] != r.poolIds[theirs] || !pool[slot].equals(r.pool[theirs])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(version) * 31 + limitCount;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("RiskLimits{account=").append(account).append(", limits={");
        for (int i = 0; i < limitCount; i++) {
            text.append(i == 0 ? "" : ", ").append(symbols[i]).append('=').append(limits[i]);
        }
        text.append("}, desks={");
        for (int i = 0; i < deskCount; i++) {
            text.append(i == 0 ? "" : ", ").append(poolIds[deskSlots[i]]).append('=').append(pool[deskSlots[i]]);
        }
        return text.append("}, version=").append(version).append('}').toString();
    }
}
