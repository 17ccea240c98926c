package dev.perflab.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Real output captured from wrk, the stats sampler and the runner on the lab machine,
 * kept under test resources.
 */
public final class Captured {

    private Captured() {
    }

    public static String read(String name) {
        try (InputStream in = Captured.class.getResourceAsStream("/captured/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no captured file " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * A captured results folder (run.json, summary.json, each rung's stats.log), as a
     * directory on disk.
     */
    public static Path folder(String name) {
        URL url = Captured.class.getResource("/captured/" + name + "/summary.json");
        if (url == null) {
            throw new IllegalStateException("no captured folder " + name);
        }
        try {
            return Path.of(url.toURI()).getParent();
        }
        catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

}
