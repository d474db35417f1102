package io.zwire.test.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class JdkLocatorTest {
    @Test
    void readsTheFeatureReleaseOfEveryVersionScheme() {
        assertEquals(17, JdkLocator.feature("17.0.15"));
        assertEquals(25, JdkLocator.feature("25"));
        assertEquals(21, JdkLocator.feature("21-ea"));
        assertEquals(8, JdkLocator.feature("1.8.0_402"));
        assertEquals(-1, JdkLocator.feature("unknown"));
    }

    private static Path fakeJdk(Path parent, String name, String version) throws IOException {
        Path home = Files.createDirectories(parent.resolve(name));
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (version != null) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        }
        return home;
    }

    @Test
    void findsEachOtherJdk17PlusBesideTheCurrentOneOnce(@TempDir Path jvms) throws IOException {
        assumeTrue(jvms.getFileSystem().supportedFileAttributeViews().contains("posix"), "needs POSIX permissions");
        Path current = fakeJdk(jvms, "jdk-17", "17.0.15");
        Path newer = fakeJdk(jvms, "jdk-25", "25.0.3");
        fakeJdk(jvms, "jdk-11", "11.0.22");
        fakeJdk(jvms, "no-release", null);
        Files.createDirectories(jvms.resolve("not-a-jdk"));
        Files.createSymbolicLink(jvms.resolve("jdk-17-link"), current);
        Files.createSymbolicLink(jvms.resolve("jdk-25-link"), newer);

        List<JavaRuntime> siblings = JdkLocator.siblingsOf(JdkLocator.at(current));

        assertEquals(1, siblings.size(), siblings.toString());
        assertEquals("25.0.3", siblings.get(0).version());
        assertEquals(25, siblings.get(0).feature());
    }

    @Test
    void noSiblingsIsAnEmptyList(@TempDir Path jvms) throws IOException {
        assumeTrue(jvms.getFileSystem().supportedFileAttributeViews().contains("posix"), "needs POSIX permissions");
        Path only = fakeJdk(jvms, "jdk-17", "17.0.15");
        assertEquals(List.of(), JdkLocator.siblingsOf(JdkLocator.at(only)));
    }

    @Test
    void acceptsTheLauncherPathAndRejectsWhatIsNotAJdk(@TempDir Path jvms) throws IOException {
        assumeTrue(jvms.getFileSystem().supportedFileAttributeViews().contains("posix"), "needs POSIX permissions");
        Path home = fakeJdk(jvms, "jdk-21", "21.0.2");
        assertEquals(home, JdkLocator.at(home.resolve("bin").resolve("java")).home());
        assertThrows(IllegalArgumentException.class, () -> JdkLocator.at(jvms.resolve("missing")));
        assertThrows(IllegalArgumentException.class, () -> JdkLocator.at(fakeJdk(jvms, "bare", null)));
    }

    @Test
    void theCurrentJdkIsTheOneRunning() {
        JavaRuntime current = JdkLocator.current();
        assertEquals(Runtime.version().feature(), current.feature());
        assertEquals(Path.of(System.getProperty("java.home")), current.home());
    }
}
