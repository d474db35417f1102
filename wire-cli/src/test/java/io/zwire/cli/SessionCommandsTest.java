package io.zwire.cli;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;
import io.zwire.testkit.model.Party;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code zwire send} against a real server on 127.0.0.1: what a refused handshake prints. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionCommandsTest {
    private WireServer server;

    /** One run of the command line, with its streams captured. */
    private record Run(int status, String out, String err) {
    }

    private static Run zwire(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Zwire.run(args, new Console(new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void serve(SessionConfig config) throws IOException {
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config, new WireServer.Handler() {
            @Override
            public void onMessage(WireSession session, Object message) throws IOException {
                session.write(message);
            }
        });
    }

    @Test
    void sendToAServerWithOtherTypesPrintsOneLineNamingBothSidesTypes() throws Exception {
        TypeRegistry parties = TypeRegistry.builder().add("Party", Party.class, Party::new).build();
        serve(SessionConfig.builder(parties).wires(WireType.JSON, WireType.BINARY).message(new Party("p", "a", 1)).build());

        Run run = zwire("send", "--port", Integer.toString(server.port()), "--wire", "json", "--count", "10");

        assertEquals(Command.FAILED, run.status(), run.err());
        assertEquals(1, run.err().lines().count(), "one line, no stack trace: " + run.err());
        assertTrue(run.err().startsWith("zwire send: "), run.err());
        assertTrue(run.err().contains("this side has [Order], the peer [Party]"), run.err());
    }
}
