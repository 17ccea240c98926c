package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

import dev.perflab.lab.LabException;

/**
 * The gateway's Spring profiles, read from the {@code application-<profile>.yml} files in
 * its jar, so that a ladder naming one that does not exist fails before its first rung
 * starts instead of twenty minutes in.
 */
public final class GatewayProfiles {

    private static final Pattern PROFILE_FILE = Pattern.compile("BOOT-INF/classes/application-([a-z0-9-]+)\\.ya?ml");

    private final Set<String> known;

    private GatewayProfiles(Set<String> known) {
        this.known = known;
    }

    public static GatewayProfiles in(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new LabException(
                    "gateway is not built (no " + jar + "): run make build (./mvnw -DskipTests package)");
        }
        Set<String> known = new TreeSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().forEach(entry -> {
                Matcher matcher = PROFILE_FILE.matcher(entry.getName());
                if (matcher.matches()) {
                    known.add(matcher.group(1));
                }
            });
        }
        catch (IOException ex) {
            throw new LabException("cannot read the gateway's profiles from " + jar + ": " + ex.getMessage(), ex);
        }
        return new GatewayProfiles(known);
    }

    public Set<String> known() {
        return known;
    }

    /**
     * Fails with one line naming the first unknown profile, where it was asked for, and
     * the known ones.
     */
    public void check(Collection<String> profiles, String where) {
        List<String> unknown = profiles.stream().filter(p -> !known.contains(p)).toList();
        if (!unknown.isEmpty()) {
            throw new LabException(where + " names the gateway profile '" + unknown.get(0)
                    + "', which does not exist; profiles: " + String.join(", ", known));
        }
    }

}
