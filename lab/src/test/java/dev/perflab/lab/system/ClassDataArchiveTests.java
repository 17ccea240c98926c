package dev.perflab.lab.system;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab's apps start from a class-data archive of their own start: made once beside a
 * copy of the real business-service jar, used by a JVM started with what
 * {@link ClassDataArchive#jarArguments} gives (the app's own classes come from the
 * archive), kept while jar and JDK stay, made again when the jar changes; a jar that is
 * no Spring Boot jar, and options with their own class sharing, start the jar as it is.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ClassDataArchiveTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @Test
    void anAppStartsFromAnArchiveOfItsOwnStartMadeOnceForItsJarAndJdk(@TempDir Path dir) throws Exception {
        Path jar = Files.copy(Service.BUSINESS.jar(ROOT), dir.resolve("business-service.jar"));
        List<String> arguments = ClassDataArchive.jarArguments(jar, JAVA, List.of("-Xmx128m"));
        Path archive = dir.resolve("cds/business-service/app.jsa");
        assertThat(arguments).containsExactly("-XX:SharedArchiveFile=" + archive, "-jar",
                dir.resolve("cds/business-service/app/business-service.jar").toString());
        assertThat(archive).isNotEmptyFile();

        // the app's own classes load from the archive (the top, dynamic layer)
        List<String> command = new ArrayList<>(List.of(JAVA.toString(), "-Xmx128m", "-Xshare:auto",
                "-Xlog:class+load=info", "-Dspring.context.exit=onRefresh"));
        command.addAll(arguments);
        Commands.Result start = Commands.run(command, dir,
                Map.of("LAB_LOG_DIR", dir.resolve("logs").toString(), "SERVER_ADDRESS", "127.0.0.1"),
                Duration.ofMinutes(2));
        assertThat(start.ok()).as(start.lastLine()).isTrue();
        assertThat(start.output().lines().filter(line -> line.contains("dev.perflab.business.BusinessApplication ")))
            .as("where the app's main class came from")
            .singleElement()
            .asString()
            .contains("shared objects file (top)");

        // kept while the jar and the JDK stay
        FileTime made = Files.getLastModifiedTime(archive);
        assertThat(ClassDataArchive.jarArguments(jar, JAVA, List.of())).isEqualTo(arguments);
        assertThat(Files.getLastModifiedTime(archive)).isEqualTo(made);

        // made again for a changed jar
        Files.setLastModifiedTime(jar, FileTime.fromMillis(made.toMillis() - 60_000));
        assertThat(ClassDataArchive.jarArguments(jar, JAVA, List.of())).isEqualTo(arguments);
        assertThat(Files.getLastModifiedTime(archive)).isNotEqualTo(made);

        // another JDK keeps its own archive beside
        assertThat(ClassDataArchive.folder(jar, Path.of("/opt/other-jdk/bin/java")))
            .isEqualTo(dir.resolve("cds/business-service-other-jdk"));

        // options that choose their own sharing: the jar as it is
        assertThat(ClassDataArchive.jarArguments(jar, JAVA, List.of("-Xshare:off"))).containsExactly("-jar",
                jar.toString());
    }

    @Test
    void aJarThatIsNoSpringBootJarStartsAsItIsAndSaysWhyOnce(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("plain.jar");
        Files.write(jar, new byte[] { 'P', 'K', 3, 4 });
        assertThat(ClassDataArchive.jarArguments(jar, JAVA, List.of())).containsExactly("-jar", jar.toString());
        assertThat(Files.readString(dir.resolve("cds/plain/failed.txt"))).startsWith("extracting " + jar + " failed");
        FileTime failed = Files.getLastModifiedTime(dir.resolve("cds/plain/failed.txt"));
        assertThat(ClassDataArchive.jarArguments(jar, JAVA, List.of())).containsExactly("-jar", jar.toString());
        assertThat(Files.getLastModifiedTime(dir.resolve("cds/plain/failed.txt"))).as("not tried again")
            .isEqualTo(failed);
    }

}
