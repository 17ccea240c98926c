package dev.perflab.lab.advise;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.verdict.Verdict;

/**
 * make advise's answer: each lever with the line to add, its CPU and bytes per request
 * against the gateway without it (measured in the same seconds, on top of the levers
 * before it in the chain), what it trades away, and all the measured levers together
 * against none; a lever the jar would not notice is said to be without effect, not
 * measured.
 */
public final class Advice {

    /** The name of the chain's first rung: the user's jar as it is. */
    public static final String AS_IS = "as-is";

    /**
     * A lever as make advise will pull it.
     *
     * @param skipped why it is not measured (the jar would not notice it), or null
     * @param jdk the JDK a newer-jdk lever runs on, or null
     */
    public record Pull(Lever lever, String skipped, Path jdk, int jdkFeature) {

        public boolean measured() {
            return skipped == null;
        }

        /** The line to add to keep it. */
        public String toCopy() {
            return lever.toCopy(jdk == null ? "" : "JDK " + jdkFeature + " (" + jdk + ")");
        }

    }

    private Advice() {
    }

    /**
     * Each lever checked against what the jar declares and sets and the JVM options it
     * already runs with, before anything starts.
     * @param given JAVA_OPTS and GATEWAY_JAVA_OPTS as the gateway gets them
     * @param ownFeature the JDK feature version the gateway runs on without the lever
     * @param jdks the JDK home of a feature version, if one is installed
     */
    public static List<Pull> check(List<Lever> levers, JarFacts facts, List<String> given, int ownFeature,
            IntFunction<Optional<Path>> jdks, String searched) {
        List<Pull> pulls = new ArrayList<>();
        for (Lever lever : levers) {
            if (lever.newerJdk()) {
                Pull found = null;
                for (int feature = ownFeature + 40; feature > ownFeature && found == null; feature--) {
                    Optional<Path> home = jdks.apply(feature);
                    if (home.isPresent()) {
                        found = new Pull(lever, null, home.get(), feature);
                    }
                }
                pulls.add(found != null ? found
                        : new Pull(lever, "no JDK newer than " + ownFeature + " in " + searched, null, 0));
                continue;
            }
            pulls.add(new Pull(lever, skipped(lever, facts, given), null, 0));
        }
        return pulls;
    }

    private static String skipped(Lever lever, JarFacts facts, List<String> given) {
        List<String> unknown = new ArrayList<>();
        int alreadySet = 0;
        for (Map.Entry<String, String> property : lever.properties().entrySet()) {
            if (!facts.declares(property.getKey())) {
                unknown.add(property.getKey());
            }
            else if (property.getValue().equalsIgnoreCase(String.valueOf(facts.value(property.getKey())))
                    || given.contains("-D" + property.getKey() + "=" + property.getValue())) {
                alreadySet++;
            }
        }
        if (!unknown.isEmpty()) {
            return "your jar does not declare " + String.join(", ", unknown)
                    + " (no library in it reads it): without effect, not measured";
        }
        if (!lever.properties().isEmpty() && alreadySet == lever.properties().size()) {
            return "your jar already sets it: without effect, not measured";
        }
        if (!lever.jvmOptions().isEmpty() && given.containsAll(lever.jvmOptions())) {
            return "the gateway's JVM options already have it: without effect, not measured";
        }
        if (lever.jvmOptions().stream().anyMatch(option -> option.matches("-XX:\\+Use\\w+GC"))
                && given.stream().anyMatch(option -> option.matches("-XX:\\+Use\\w+GC"))) {
            return "the gateway's JVM options already choose a collector: not measured";
        }
        return null;
    }

    /** The JVM options of each rung after the first: the levers so far, in order. */
    public static List<List<String>> cumulativeOptions(List<Pull> measured) {
        List<List<String>> out = new ArrayList<>();
        List<String> sofar = new ArrayList<>();
        for (Pull pull : measured) {
            sofar.addAll(pull.lever().javaOptions());
            out.add(List.copyOf(sofar));
        }
        return out;
    }

    /** Each lever's step of the run (null for one not measured), in the pulls' order. */
    public static List<LineupResult.Step> steps(List<Pull> pulls, List<LineupResult.Step> steps) {
        List<LineupResult.Step> out = new ArrayList<>();
        for (Pull pull : pulls) {
            out.add(!pull.measured() ? null
                    : steps.stream().filter(step -> step.to().equals(pull.lever().name())).findFirst().orElse(null));
        }
        return out;
    }

    /**
     * The measured levers together against none: the chain's steps multiplied pass by
     * pass.
     */
    public static PairedRatio together(List<LineupResult.Step> steps, PairedMetric metric) {
        List<PairedRatio> chain = steps.stream()
            .filter(step -> step != null)
            .map(step -> step.verdicts().get(metric))
            .toList();
        return chain.isEmpty() ? null : PairedRatio.product(chain, metric.quantity());
    }

    /** The levers that read cheaper in CPU per request beyond noise. */
    public static List<String> cheaper(List<Pull> pulls, List<LineupResult.Step> steps) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pulls.size(); i++) {
            PairedRatio cpu = cpu(steps.get(i));
            if (cpu != null && cpu.verdict() != null && cpu.verdict().better()) {
                out.add(pulls.get(i).lever().name());
            }
        }
        return out;
    }

    /** advice.md: the table, the levers together, what to run next. */
    public static String markdown(String jar, List<Pull> pulls, List<LineupResult.Step> steps, String run) {
        StringBuilder md = new StringBuilder("# Advice for ").append(jar).append("\n\n");
        md.append("Each lever against your gateway without it, measured in the same seconds (")
            .append(run)
            .append("): the levers are added one by one in the order of the table, each rung with the levers ")
            .append("above it, so a ratio is what that lever adds to the ones before. A ratio below 1 is cheaper; ")
            .append("an interval that holds 1.00 is no difference.\n\n");
        md.append("| lever | add | CPU per request [95 %] | bytes per request [95 %] | verdict | trades away |\n");
        md.append("|---|---|---|---|---|---|\n");
        for (int i = 0; i < pulls.size(); i++) {
            Pull pull = pulls.get(i);
            LineupResult.Step step = steps.get(i);
            md.append("| ").append(pull.lever().name()).append(" | `").append(pull.toCopy()).append("` | ");
            if (!pull.measured()) {
                md.append("- | - | ").append(pull.skipped()).append(" | ").append(pull.lever().trades()).append(" |\n");
                continue;
            }
            md.append(cell(cpu(step)))
                .append(" | ")
                .append(cell(bytes(step)))
                .append(" | ")
                .append(verdict(step))
                .append(" | ")
                .append(pull.lever().trades())
                .append(" |\n");
        }
        md.append("\n").append(togetherLine(steps)).append("\n");
        List<String> cheaper = cheaper(pulls, steps);
        md.append("\n")
            .append(cheaper.isEmpty() ? "No lever read cheaper in CPU per request beyond noise."
                    : "Cheaper beyond noise: " + String.join(", ", cheaper) + ". To measure them together without the "
                            + "others: `make advise GATEWAY_JAR=" + jar + " LEVERS=" + String.join(",", cheaper) + "`.")
            .append("\n");
        return md.toString();
    }

    /** The console's lines: one per lever, then the levers together. */
    public static List<String> console(List<Pull> pulls, List<LineupResult.Step> steps) {
        List<String> lines = new ArrayList<>();
        lines.add("Each lever against your gateway without it (on top of the levers before it), in the same seconds:");
        for (int i = 0; i < pulls.size(); i++) {
            Pull pull = pulls.get(i);
            LineupResult.Step step = steps.get(i);
            lines.add("  " + pull.lever().name() + ": " + (!pull.measured() ? pull.skipped()
                    : verdict(step) + "; CPU per request " + cell(cpu(step)) + ", bytes " + cell(bytes(step))));
            if (pull.measured() && cpu(step) != null && cpu(step).verdict() != null && cpu(step).verdict().better()) {
                lines.add("      add: " + pull.toCopy());
            }
        }
        lines.add(togetherLine(steps));
        return lines;
    }

    private static String togetherLine(List<LineupResult.Step> steps) {
        PairedRatio cpu = together(steps, PairedMetric.CPU);
        PairedRatio bytes = together(steps, PairedMetric.BYTES);
        return cpu == null ? "No lever measured together."
                : "All the measured levers together against none (the chain's steps multiplied pass by pass): CPU per "
                        + "request " + words(cpu) + ", bytes " + (bytes == null ? "-" : words(bytes)) + ".";
    }

    /**
     * "CPU cheaper, bytes no difference": each figure's verdict, as a lever may take
     * bytes without CPU beyond noise, or the other way round.
     */
    static String verdict(LineupResult.Step step) {
        PairedRatio cpu = cpu(step);
        if (cpu == null || cpu.verdict() == null) {
            return "no verdict" + (step == null || step.noVerdict() == null ? "" : " (" + step.noVerdict() + ")");
        }
        PairedRatio bytes = bytes(step);
        return "CPU " + word(cpu) + (bytes == null || bytes.verdict() == null ? "" : ", bytes " + word(bytes));
    }

    /**
     * "0.919 × [0.903, 0.935], cheaper": a cost's ratio with its interval and verdict.
     */
    static String words(PairedRatio ratio) {
        return ratio.verdict() == null ? ratio.describe() : ratio.interval() + ", " + word(ratio);
    }

    /** A ratio's verdict in its metric's words: cheaper, fewer, no difference. */
    private static String word(PairedRatio ratio) {
        return ratio.verdict() == Verdict.NO_DIFFERENCE ? "no difference" : ratio.verdict().words();
    }

    private static PairedRatio cpu(LineupResult.Step step) {
        return step == null ? null : step.verdicts().get(PairedMetric.CPU);
    }

    private static PairedRatio bytes(LineupResult.Step step) {
        return step == null ? null : step.verdicts().get(PairedMetric.BYTES);
    }

    private static String cell(PairedRatio ratio) {
        return ratio == null ? "-" : ratio.interval();
    }

}
