package io.zwire.netty;

/** {@link MessageHandler#echo()}: one write per message, one flush per socket read. */
enum EchoHandler implements MessageHandler {
    INSTANCE;

    @Override
    public void onMessage(ZwireConnection connection, Object message) {
        connection.write(message);
    }

    @Override
    public void onReadComplete(ZwireConnection connection) {
        connection.flush();
    }
}
