package io.zwire;

import io.zwire.spi.WireReader;

/**
 * What a {@link DocumentReader} reads through once an exception left a nested object, sequence or
 * map of its document and the reading code caught it: the wire's reader is still inside that
 * level, maybe mid-value, so a field read next would be found in the wrong object. Every call is
 * refused with an {@link IllegalStateException} whose cause is that exception, until the next
 * document. Made on that failure only (allocates then); holds nothing of the wire.
 */
final class AbandonedDocumentReader extends WireReader {
    /** The exception that left the level, as it was thrown. */
    private final Throwable thrown;
    /** The document's failure: {@link #thrown}, its path named when it is a {@link WireException}. */
    private final Throwable failure;

    /**
     * @param thrown the exception that left the level
     * @param failure the document's failure it became
     */
    AbandonedDocumentReader(Throwable thrown, Throwable failure) {
        super(null);
        this.thrown = thrown;
        this.failure = failure;
    }

    /** {@return the document's failure if it is {@code e}, as thrown, and a WireException; else null} */
    WireException failureOf(WireException e) {
        return e == thrown && failure instanceof WireException named ? named : null;
    }

    /** Throws the document's failure at its end: the WireException as it is, anything else wrapped. */
    void throwFailure() {
        if (failure instanceof WireException e) {
            throw e;
        }
        throw new IllegalStateException("the document ended after an exception left a nested object, sequence or"
                + " map of it and the reading code caught it: " + failure, failure);
    }

    /** {@return the refusal of any read after the failure} */
    IllegalStateException refusal() {
        return new IllegalStateException("a read after an exception left a nested object, sequence or map of the"
                + " document and the reading code caught it: the document cannot be read on, and Wire.readDocument throws"
                + " when it ends (" + failure + ")", failure);
    }

    @Override
    public boolean startDocument() {
        throw refusal();
    }

    @Override
    public void endDocument(Marshallable target, ValueIn unexpected) {
        throw refusal();
    }

    @Override
    public void recover(int documentStart) {
        throw refusal();
    }

    @Override
    public void field(Field field) {
        throw refusal();
    }

    @Override
    public byte int8() {
        throw refusal();
    }

    @Override
    public short int16() {
        throw refusal();
    }

    @Override
    public int uint16() {
        throw refusal();
    }

    @Override
    public int int32() {
        throw refusal();
    }

    @Override
    public long int64() {
        throw refusal();
    }

    @Override
    public float float32() {
        throw refusal();
    }

    @Override
    public double float64() {
        throw refusal();
    }

    @Override
    public boolean bool() {
        throw refusal();
    }

    @Override
    public char char16() {
        throw refusal();
    }

    @Override
    public String text() {
        throw refusal();
    }

    @Override
    public void textTo(StringBuilder target) {
        throw refusal();
    }

    @Override
    public byte[] bytes() {
        throw refusal();
    }

    @Override
    public void bytesTo(Bytes target) {
        throw refusal();
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        throw refusal();
    }

    @Override
    public boolean startMarshallable() {
        throw refusal();
    }

    @Override
    public String startTyped() {
        throw refusal();
    }

    @Override
    public void endMarshallable(Marshallable target, ValueIn unexpected) {
        throw refusal();
    }

    @Override
    public void startSequence() {
        throw refusal();
    }

    @Override
    public boolean hasNextElement() {
        throw refusal();
    }

    @Override
    public void endSequence() {
        throw refusal();
    }

    @Override
    public void startMap() {
        throw refusal();
    }

    @Override
    public boolean hasNextEntry() {
        throw refusal();
    }

    @Override
    public String textKey() {
        throw refusal();
    }

    @Override
    public void keyTo(StringBuilder target) {
        throw refusal();
    }

    @Override
    public long int64Key() {
        throw refusal();
    }

    @Override
    public void endMap() {
        throw refusal();
    }

    @Override
    public boolean isNull() {
        throw refusal();
    }

    @Override
    public void skip() {
        throw refusal();
    }

    @Override
    public WireException error(String expected) {
        throw refusal();
    }
}
