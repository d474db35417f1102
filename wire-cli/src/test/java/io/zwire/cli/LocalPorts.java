package io.zwire.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;

/** Ports on 127.0.0.1 for a {@code zwire serve} run in the test: a free one, and waiting until it listens. */
final class LocalPorts {
    private LocalPorts() {
    }

    /** {@return a port nothing listens on now} */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Waits up to five seconds for a server on {@code port}; fails the test if none comes. */
    static void awaitListening(int port) throws InterruptedException {
        for (int attempt = 0; attempt < 100; attempt++) {
            try {
                SocketChannel.open(new InetSocketAddress("127.0.0.1", port)).close();
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("zwire serve did not listen on port " + port);
    }
}
