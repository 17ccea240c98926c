package dev.perflab.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Real output captured from wrk and the stats sampler on the lab machine, kept under test resources. */
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
}
