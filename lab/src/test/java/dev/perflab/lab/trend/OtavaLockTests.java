package dev.perflab.lab.trend;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.system.LockedPip;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Apache Otava is installed from a lock (on 80e13b2: a plain pip install of about 325 MB
 * of unpinned dependencies, source distributions allowed): every distribution pinned to
 * one version, with its files' hashes, and pip told to require them and to take wheels
 * only. The install itself runs in TrendIntegrationTests (make trend).
 */
class OtavaLockTests {

    /** A requirement: name==version, then a marker or the line's end. */
    private static final Pattern PIN = Pattern.compile("([A-Za-z0-9._-]+)==([^ ;\\\\]+)( ;[^\\\\]*)? \\\\");

    @Test
    void everyDistributionIsPinnedWithItsHashesAndPipRequiresThem() throws IOException {
        String lock;
        try (InputStream in = Otava.class.getResourceAsStream("/" + Otava.LOCK)) {
            assertThat(in).as(Otava.LOCK).isNotNull();
            lock = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(lock).contains("apache-otava==" + Otava.VERSION + " \\");
        List<String> lines = lock.lines().toList();
        int requirements = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.strip().startsWith("#") || line.strip().startsWith("--hash=")) {
                continue;
            }
            Matcher pin = PIN.matcher(line);
            assertThat(pin.matches()).as("pinned: " + line).isTrue();
            assertThat(lines.get(i + 1).strip()).as(line).matches("--hash=sha256:[0-9a-f]{64}( \\\\)?");
            requirements++;
        }
        assertThat(requirements).as("Otava and its dependencies").isGreaterThan(20);
        assertThat(LockedPip.command(Path.of("venv"), Path.of("venv/otava-requirements.txt")))
            .contains("--require-hashes", "--only-binary=:all:", "-r")
            .noneMatch(arg -> arg.startsWith("apache-otava"));
    }

}
