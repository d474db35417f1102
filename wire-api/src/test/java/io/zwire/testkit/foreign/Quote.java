package io.zwire.testkit.foreign;

import io.zwire.example.Side;

import java.util.Objects;

/**
 * A third-party class zwire cannot change: a bean with getters and setters, not a
 * {@code Marshallable}, whose nested {@link Venue} may be null. {@link QuoteMarshallers} describes it.
 */
public final class Quote {
    private long id;
    private String symbol;
    private double bid;
    private int size;
    private Side side;
    private boolean firm;
    private Venue venue;

    public Quote() {
    }

    public Quote(long id, String symbol, double bid, int size, Side side, boolean firm, Venue venue) {
        this.id = id;
        this.symbol = symbol;
        this.bid = bid;
        this.size = size;
        this.side = side;
        this.firm = firm;
        this.venue = venue;
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }

    public double getBid() {
        return bid;
    }

    public void setBid(double bid) {
        this.bid = bid;
    }

    public int getSize() {
        return size;
    }

    public void setSize(int size) {
        this.size = size;
    }

    public Side getSide() {
        return side;
    }

    public void setSide(Side side) {
        this.side = side;
    }

    public boolean isFirm() {
        return firm;
    }

    public void setFirm(boolean firm) {
        this.firm = firm;
    }

    public Venue getVenue() {
        return venue;
    }

    public void setVenue(Venue venue) {
        this.venue = venue;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Quote q && id == q.id && Double.compare(bid, q.bid) == 0 && size == q.size
                && firm == q.firm && side == q.side && Objects.equals(symbol, q.symbol) && Objects.equals(venue, q.venue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, symbol, bid, size, side, firm, venue);
    }

    @Override
    public String toString() {
        return "Quote[" + id + ", " + symbol + ", " + bid + ", " + size + ", " + side + ", " + firm + ", " + venue + "]";
    }
}
