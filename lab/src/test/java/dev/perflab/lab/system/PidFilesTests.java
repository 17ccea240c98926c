package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pid folder is private: another user of the machine cannot prepare it, or a link in
 * it, to make the lab stop or overwrite what is not its own.
 */
class PidFilesTests {

    private static final ProcessHandle SELF = ProcessHandle.current();

    @TempDir
    Path tmp;

    @Test
    void aNewFolderIsCreatedForItsOwnerAloneAndItsRecordsReadBack() throws IOException {
        Path dir = tmp.resolve("perflab-someone").resolve("children");
        PidFiles pidFiles = new PidFiles(dir);
        Path file = pidFiles.write("business-service", SELF, "java -jar business.jar");
        assertThat(file).isNotNull();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS)))
            .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)))
            .isEqualTo("rw-------");
        assertThat(pidFiles.read()).singleElement().satisfies(entry -> {
            assertThat(entry.pid()).isEqualTo(SELF.pid());
            assertThat(entry.name()).isEqualTo("business-service");
            assertThat(entry.ownerAlive()).isTrue();
        });
        assertThat(dir).isDirectoryNotContaining("glob:**.partial");
    }

    @Test
    void aFolderOfAnotherUserIsRefused() throws IOException {
        Path dir;
        if (ownUid() == 0) {
            dir = Files.createDirectory(tmp.resolve("children"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.setAttribute(dir, "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
        }
        else {
            // not root: a folder root owns, not writable by others
            dir = Path.of("/usr");
        }
        PidFiles pidFiles = new PidFiles(dir);
        assertThatThrownBy(pidFiles::read).isInstanceOf(LabException.class)
            .hasMessageStartingWith("the pid folder " + dir + " belongs to another user (uid ")
            .hasMessageNotContaining("\n");
        assertThat(pidFiles.write("wrk", SELF, "wrk")).isNull();
        if (ownUid() == 0) {
            assertThat(dir).isEmptyDirectory();
        }
    }

    @Test
    void aFolderOthersCanWriteIsRefused() throws IOException {
        for (String permissions : new String[] { "rwxrwx---", "rwx---rwx", "rwxrwxrwx" }) {
            Path dir = Files.createDirectory(tmp.resolve("children-" + permissions));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(permissions));
            PidFiles pidFiles = new PidFiles(dir);
            assertThatThrownBy(pidFiles::read).isInstanceOf(LabException.class)
                .hasMessageStartingWith("the pid folder " + dir + " is writable by others");
            assertThat(pidFiles.write("wrk", SELF, "wrk")).isNull();
            assertThat(dir).isEmptyDirectory();
        }
    }

    @Test
    void aSymbolicLinkInPlaceOfTheFolderIsRefusedNotFollowed() throws IOException {
        Path real = Files.createDirectory(tmp.resolve("elsewhere"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        new PidFiles(real).write("wrk", SELF, "wrk");
        Path link = Files.createSymbolicLink(tmp.resolve("children"), real);
        PidFiles pidFiles = new PidFiles(link);
        assertThatThrownBy(pidFiles::read).isInstanceOf(LabException.class)
            .hasMessageStartingWith("the pid folder " + link + " is a symbolic link");
        assertThatThrownBy(() -> pidFiles.stopLeftovers(Duration.ZERO)).isInstanceOf(LabException.class);
        assertThat(pidFiles.write("nginx", SELF, "nginx")).isNull();
        assertThat(real).isDirectoryContaining("glob:**/" + SELF.pid() + ".pid");
        assertThat(Files.list(real).count()).isEqualTo(1);
    }

    /**
     * The per-user parent of the children's folder is checked as well: its owner could
     * swap the folder inside it.
     */
    @Test
    void theChildrensPerUserParentIsCheckedToo() throws IOException {
        String before = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", tmp.toString());
        try {
            Path parent = Files.createDirectory(tmp.resolve("perflab-" + System.getProperty("user.name")));
            Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxrwxrwx"));
            Files.createDirectory(parent.resolve("children"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            PidFiles children = PidFiles.children();
            assertThat(children.dir()).isEqualTo(parent.resolve("children"));
            assertThatThrownBy(children::read).isInstanceOf(LabException.class)
                .hasMessageStartingWith("the pid folder " + parent + " is writable by others");
            assertThat(children.write("wrk", SELF, "wrk")).isNull();
            assertThat(parent.resolve("children")).isEmptyDirectory();
        }
        finally {
            System.setProperty("java.io.tmpdir", before);
        }
    }

    @Test
    void aPidFileThatIsASymbolicLinkIsRefusedNotRead() throws IOException {
        Path dir = tmp.resolve("children");
        PidFiles pidFiles = new PidFiles(dir);
        Path real = pidFiles.write("wrk", SELF, "wrk");
        Path elsewhere = Files.move(real, tmp.resolve("planted.properties"));
        Path link = Files.createSymbolicLink(dir.resolve("1.pid"), elsewhere);
        assertThatThrownBy(pidFiles::read).isInstanceOf(LabException.class)
            .hasMessageStartingWith("pid file " + link + " is a symbolic link");
    }

    @Test
    void aLinkPlantedAtThePartialFileIsReplacedNotWrittenThrough() throws IOException {
        Path dir = tmp.resolve("children");
        PidFiles pidFiles = new PidFiles(dir);
        pidFiles.write("wrk", SELF, "wrk");
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "someone else's file\n");
        Files.createSymbolicLink(dir.resolve(SELF.pid() + ".pid.partial"), victim);
        Path file = pidFiles.write("nginx", SELF, "nginx");
        assertThat(victim).hasContent("someone else's file");
        assertThat(Files.isSymbolicLink(file)).isFalse();
        assertThat(pidFiles.read()).singleElement().extracting(PidFiles.Entry::name).isEqualTo("nginx");
    }

    @Test
    void anOlderFolderOfOursThatOthersCanOnlyReadIsUsedAndMadePrivate() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("children"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        PidFiles pidFiles = new PidFiles(dir);
        assertThat(pidFiles.read()).isEmpty();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    }

    private int ownUid() throws IOException {
        return (Integer) Files.getAttribute(Files.createTempFile(tmp, "uid", ""), "unix:uid");
    }

}
