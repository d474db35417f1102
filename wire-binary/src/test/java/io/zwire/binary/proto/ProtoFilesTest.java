package io.zwire.binary.proto;

import com.google.protobuf.Descriptors.FileDescriptor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The committed {@code .proto} files declare exactly the schema the oracle tests use. */
class ProtoFilesTest {
    private static List<String> declarations(String file) throws IOException {
        return Files.readAllLines(Path.of("src/test/proto", file)).stream()
                .map(line -> line.replaceAll("//.*", "").strip().replaceAll("\\s+", " "))
                .filter(line -> !line.isEmpty())
                .toList();
    }

    private static void assertMatches(String file, FileDescriptor descriptor) throws IOException {
        assertEquals(ProtoModel.toProtoText(descriptor), declarations(file), file);
    }

    @Test
    void orderProtoMatchesTheOracleDescriptor() throws IOException {
        assertMatches("order.proto", ProtoModel.ORDER_FILE);
    }

    @Test
    void allTypesProtoMatchesTheOracleDescriptor() throws IOException {
        assertMatches("all_types.proto", ProtoModel.ALL_TYPES_FILE);
    }
}
