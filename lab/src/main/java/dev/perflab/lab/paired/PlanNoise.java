package dev.perflab.lab.paired;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.RunInfo;
import dev.perflab.lab.verdict.NoiseBudget;
import tools.jackson.databind.JsonNode;

/**
 * The spread a paired make lab plans its passes and windows with, for each kind of duet
 * (a gateway step; a gateway against nginx): the widest duet of that kind's CPU log ratio
 * between passes and within a pass, from the newest earlier make lab of this machine (its
 * lab.json's {@code noise} block; same CPU model and cores in its run.json; four passes
 * or more), or else from the committed table {@code noise.properties} beside this class.
 *
 * @param step the widest gateway step's split
 * @param nginx the widest gateway-against-nginx duet's split
 * @param source where the figures come from, for the plan's line
 */
public record PlanNoise(NoiseBudget step, NoiseBudget nginx, String source) {

    /** The committed figures (noise.properties). */
    public static PlanNoise defaults() {
        Properties table = new Properties();
        try (InputStream in = PlanNoise.class.getResourceAsStream("noise.properties")) {
            table.load(in);
        }
        catch (IOException | NullPointerException ex) {
            throw new IllegalStateException("noise.properties is missing from the lab's jar", ex);
        }
        return new PlanNoise(split(table, "step"), split(table, "nginx"), table.getProperty("source"));
    }

    private static NoiseBudget split(Properties table, String kind) {
        double between = Double.parseDouble(table.getProperty(kind + ".between_pass_sd"));
        double within = Double.parseDouble(table.getProperty(kind + ".within_pass_sd_per_window"));
        return new NoiseBudget(0, 0, between * between, within * within);
    }

    /**
     * The newest earlier make lab of this machine under {@code results} with a noise
     * block, else the committed figures; a kind the run did not measure keeps the
     * committed one.
     */
    public static PlanNoise of(Path results) {
        return of(results, RunInfo.cpuModel(), Runtime.getRuntime().availableProcessors());
    }

    /** The fewest passes of an earlier make lab whose spread a plan takes. */
    static final int FEWEST_PASSES = 4;

    static PlanNoise of(Path results, String cpuModel, int cores) {
        PlanNoise defaults = defaults();
        for (Path run : labRuns(results)) {
            PlanNoise measured = read(run, cpuModel, cores, defaults);
            if (measured != null) {
                return measured;
            }
        }
        return defaults;
    }

    /** The folders of make lab runs, newest first (their names begin with the time). */
    private static List<Path> labRuns(Path results) {
        if (!Files.isDirectory(results)) {
            return List.of();
        }
        try (Stream<Path> folders = Files.list(results)) {
            return folders.filter(p -> p.getFileName().toString().endsWith("-lab"))
                .filter(p -> Files.isRegularFile(p.resolve("lab.json")))
                .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                .toList();
        }
        catch (IOException ex) {
            return List.of();
        }
    }

    private static PlanNoise read(Path run, String cpuModel, int cores, PlanNoise defaults) {
        try {
            JsonNode machine = RunFolder.JSON.readTree(run.resolve("run.json").toFile()).path("machine");
            if (!machine.path("cpu_model").asString("").equals(cpuModel) || machine.path("cores").asInt() != cores) {
                return null;
            }
            JsonNode lab = RunFolder.JSON.readTree(run.resolve("lab.json").toFile());
            if (lab.path("passes_done").asInt(0) < FEWEST_PASSES) {
                // two or three passes read the spread between passes from one or two
                // degrees of freedom, often as none at all (a 2-pass ONLY= run: 0.0 %)
                return null;
            }
            List<String> references = new ArrayList<>();
            lab.path("rungs").forEach(rung -> {
                if (rung.has("nginx")) {
                    references.add(rung.path("name").asString());
                }
            });
            NoiseBudget step = null;
            NoiseBudget nginx = null;
            for (JsonNode duet : lab.path("noise")) {
                if (!duet.path("between_pass_sd").isNumber() || !duet.path("within_pass_sd_per_window").isNumber()) {
                    continue;
                }
                double between = duet.path("between_pass_sd").asDouble();
                double within = duet.path("within_pass_sd_per_window").asDouble();
                NoiseBudget one = new NoiseBudget(0, duet.path("windows_per_pass").asInt(), between * between,
                        within * within);
                String a = duet.path("duet").asString("").split(" → ")[0];
                if (references.contains(a) || a.startsWith("nginx")) {
                    nginx = wider(nginx, one);
                }
                else {
                    step = wider(step, one);
                }
            }
            if (step == null && nginx == null) {
                return null;
            }
            return new PlanNoise(step == null ? defaults.step() : step, nginx == null ? defaults.nginx() : nginx,
                    "measured here: " + run.getFileName());
        }
        catch (RuntimeException ex) {
            return null;
        }
    }

    /**
     * The wider of two splits, by each part: the plan promises what the widest duet gets.
     */
    private static NoiseBudget wider(NoiseBudget sofar, NoiseBudget one) {
        return sofar == null ? one : new NoiseBudget(0, 0, Math.max(sofar.betweenPass(), one.betweenPass()),
                Math.max(sofar.withinPass(), one.withinPass()));
    }

    /** The split of a duet of this kind. */
    public NoiseBudget of(LineupPlan.Duet duet) {
        return duet.reference() ? nginx : step;
    }

}
