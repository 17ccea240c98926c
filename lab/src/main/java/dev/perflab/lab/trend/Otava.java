package dev.perflab.lab.trend;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.perflab.lab.LabException;
import dev.perflab.lab.history.HistoryRow;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.LockedPip;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Apache Otava (formerly DataStax's Hunter): change points by windowed E-divisive with a
 * Student t-test, the detector of the anchors that keep a performance history. Installed
 * on first use from PyPI, every file checked against the hashes of {@link #LOCK}, into a
 * virtual environment under the repository's git-ignored {@code tools/} (about 20 s and
 * 325 MB here), as vegeta is; the lab calls it through a small script of its own (a
 * resource of the jar) that imports only Otava's series analysis.
 */
public final class Otava {

    public static final String VERSION = "0.8.0";

    /** Otava's default p-value: a split must be this unlikely under one level. */
    public static final double MAX_PVALUE = 0.001;

    /** Otava's default window: how many points each side of a split the test sees. */
    public static final int WINDOW = 50;

    /** Otava finds no change point in fewer points. */
    public static final int MIN_POINTS = 3;

    static final Duration VENV_LIMIT = Duration.ofMinutes(2);

    static final Duration INSTALL_LIMIT = Duration.ofMinutes(10);

    static final Duration ANALYSIS_LIMIT = Duration.ofMinutes(5);

    static final String SCRIPT = "trend/change_points.py";

    /**
     * Otava and every dependency, pinned by version and by the hashes of their wheels,
     * for Python 3.10 to 3.14: markers pick numpy, scipy and pg8000 per version.
     * pip-tools' pip-compile resolves for the Python it runs on only, so uv's universal
     * resolution writes the file (installed with it on Python 3.10, 3.11, 3.12 and 3.13).
     * After a new {@link #VERSION}, in lab/src/main/resources/trend:
     *
     * <pre>
     * python3 -m venv /tmp/lock &amp;&amp; /tmp/lock/bin/pip install uv
     * echo apache-otava==VERSION &gt; otava.in
     * /tmp/lock/bin/uv pip compile otava.in --universal --python-version 3.10 --generate-hashes \
     *     --only-binary :all: -o otava-requirements.txt
     * rm otava.in; rm -r /tmp/lock
     * </pre>
     */
    static final String LOCK = "trend/otava-requirements.txt";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Otava() {
    }

    public static Path directory(Path root) {
        return root.toAbsolutePath().normalize().resolve("tools").resolve("otava-" + VERSION);
    }

    /** The virtual environment's Python, installing Otava into it first when missing. */
    public static Path ensure(Path root, PrintWriter out) {
        Path venv = directory(root);
        Path python = venv.resolve("bin").resolve("python");
        Path marker = venv.resolve(".installed");
        if (Files.isRegularFile(marker) && Files.isExecutable(python)) {
            return python;
        }
        out.println("  installing Apache Otava " + VERSION + " into " + venv
                + " (python3 -m venv, pip from PyPI, about 20 s and 325 MB)");
        out.flush();
        Commands.Result created = Commands.run(List.of("python3", "-m", "venv", "--clear", venv.toString()), null,
                Map.of(), VENV_LIMIT);
        if (!created.ok()) {
            throw new LabException("make trend needs Python 3.10 or newer with venv to install Apache Otava " + VERSION
                    + ", and python3 -m venv failed (" + created.lastLine()
                    + "; Debian/Ubuntu: apt-get install python3-venv)");
        }
        Commands.Result version = Commands.run(
                List.of(python.toString(), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"), null,
                VENV_LIMIT);
        String[] release = version.firstLine().split("\\.");
        if (!version.ok() || release.length < 2 || parseInt(release[0]) * 100 + parseInt(release[1]) < 310) {
            throw new LabException("Apache Otava " + VERSION + " needs Python 3.10 to 3.14; python3 here is "
                    + version.firstLine().strip());
        }
        LockedPip.install(venv, LOCK, INSTALL_LIMIT, "pip install apache-otava==" + VERSION + " (" + LOCK + ")");
        try {
            Files.writeString(marker, "apache-otava==" + VERSION + "\n");
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + marker + ": " + LabException.describe(ex), ex);
        }
        return python;
    }

    private static int parseInt(String text) {
        try {
            return Integer.parseInt(text.strip());
        }
        catch (NumberFormatException ex) {
            return 0;
        }
    }

    /**
     * The change points of each series with at least {@link #MIN_POINTS} points, by the
     * series' name; the others are absent.
     * @param python the Python of Otava's virtual environment ({@link #ensure})
     * @param work a folder for the request, the answer and the script
     */
    public static Map<String, List<ChangePoint>> changePoints(Path python, List<TrendSeries> series, Path work) {
        List<Map<String, Object>> request = new ArrayList<>();
        Map<String, TrendSeries> byName = new LinkedHashMap<>();
        for (TrendSeries one : series) {
            if (one.points().size() < MIN_POINTS) {
                continue;
            }
            byName.put(one.name(), one);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", one.name());
            entry.put("time", one.points().stream().map(TrendSeries::epochSecond).toList());
            entry.put("commit", one.points().stream().map(HistoryRow::commit).toList());
            entry.put("value", one.points().stream().map(HistoryRow::value).toList());
            request.add(entry);
        }
        if (request.isEmpty()) {
            return Map.of();
        }
        Path script = work.resolve("change_points.py");
        Path in = work.resolve("otava-request.json");
        Path answer = work.resolve("otava-answer.json");
        try (InputStream source = Otava.class.getResourceAsStream("/" + SCRIPT)) {
            Files.createDirectories(work);
            Files.copy(Objects.requireNonNull(source, SCRIPT), script,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            JSON.writeValue(in.toFile(),
                    Map.of("window", WINDOW, "max_pvalue", MAX_PVALUE, "min_magnitude", 0.0, "series", request));
        }
        catch (IOException | RuntimeException ex) {
            throw new LabException("cannot write Otava's request in " + work + ": " + LabException.describe(ex), ex);
        }
        Commands.require(List.of(python.toString(), script.toString(), in.toString(), answer.toString()), Map.of(),
                ANALYSIS_LIMIT, "Apache Otava");
        JsonNode result;
        try {
            result = JSON.readTree(answer.toFile());
        }
        catch (RuntimeException ex) {
            throw new LabException("cannot read Otava's answer " + answer + ": " + LabException.describe(ex), ex);
        }
        Map<String, List<ChangePoint>> points = new LinkedHashMap<>();
        byName.forEach((name, one) -> {
            List<ChangePoint> found = new ArrayList<>();
            for (JsonNode point : result.path(name)) {
                int index = point.path("index").asInt();
                found.add(new ChangePoint(index, one.points().get(index - 1).commit(), point.path("commit").asString(),
                        point.path("forward_change_percent").asDouble(), point.path("mean_before").asDouble(),
                        point.path("mean_after").asDouble(), point.path("pvalue").asDouble()));
            }
            points.put(name, found);
        });
        return points;
    }

}
