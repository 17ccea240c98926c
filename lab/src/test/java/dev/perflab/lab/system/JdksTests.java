package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A_JDK, B_JDK and a rung's jdk find a JDK where Debian, macOS and SDKMAN install them,
 * by its release file.
 */
class JdksTests {

    @TempDir
    Path dir;

    @Test
    void findsAJdkInADebianFolderAMacFolderAndSdkmansCandidates() throws IOException {
        Path debian = dir.resolve("jvm");
        Path mac = dir.resolve("JavaVirtualMachines");
        Path sdkman = dir.resolve("sdkman/candidates/java");
        Path jdk17 = home(debian.resolve("java-17-openjdk-amd64"), "17.0.15");
        Path jdk21 = home(mac.resolve("temurin-21.jdk/Contents/Home"), "21.0.8");
        Path jdk25 = home(sdkman.resolve("25.0.1-tem"), "25.0.1");
        home(sdkman.resolve("current"), "");
        List<Path> folders = List.of(debian, mac, sdkman);

        assertThat(Jdks.find(folders, 17)).contains(jdk17);
        assertThat(Jdks.find(folders, 21)).contains(jdk21);
        assertThat(Jdks.find(folders, 25)).contains(jdk25);
        assertThat(Jdks.find(folders, 11)).isEmpty();
    }

    @Test
    void aHomeWithoutAnExecutableJavaIsNotAJdk() throws IOException {
        Path folder = dir.resolve("jvm");
        Path home = home(folder.resolve("broken-25"), "25.0.1");
        Files.setPosixFilePermissions(home.resolve("bin/java"), PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(Jdks.find(List.of(folder), 25)).isEmpty();
    }

    @Test
    void sdkmanIsLookedForWhereSdkmanDirSaysElseInTheHomeFolder() {
        Path home = Path.of("/home/someone");
        assertThat(Jdks.folders(Map.of(), home)).containsExactly(Path.of("/usr/lib/jvm"),
                Path.of("/Library/Java/JavaVirtualMachines"), home.resolve(".sdkman/candidates/java"));
        assertThat(Jdks.folders(Map.of("SDKMAN_DIR", "/opt/sdkman"), home)).last()
            .isEqualTo(Path.of("/opt/sdkman/candidates/java"));
    }

    @Test
    void theReleaseFileNamesTheFeatureVersionInEveryForm() throws IOException {
        assertThat(Jdks.feature(home(dir.resolve("a"), "25"))).isEqualTo(25);
        assertThat(Jdks.feature(home(dir.resolve("b"), "21.0.8+9"))).isEqualTo(21);
        assertThat(Jdks.feature(home(dir.resolve("c"), "1.8.0_452"))).isEqualTo(8);
        assertThat(Jdks.feature(home(dir.resolve("d"), "not-a-version"))).isZero();
    }

    /** A JDK home: an executable bin/java and a release file naming the version. */
    private static Path home(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (!version.isEmpty()) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        }
        return home;
    }

}
