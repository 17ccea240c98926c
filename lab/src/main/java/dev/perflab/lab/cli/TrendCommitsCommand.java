package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.system.ForeignGateway;
import dev.perflab.lab.system.RunLock;
import dev.perflab.lab.trend.CommitJars;
import dev.perflab.lab.trend.CommitTrend;
import dev.perflab.lab.trend.TrendWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * make trend COMMITS=from..to: the lab's gateway built at each commit of the range (in
 * git worktrees, the user's tree untouched), then measured as the paired make lab
 * measures its ladder: every commit's gateway started in every pass, each against the
 * commit before it in the same seconds; the commits whose step moved CPU or bytes per
 * request beyond noise are named (trend.md; trend.html draws them).
 */
@Command(name = "trend-commits",
        description = "The gateway at each commit of COMMITS=<from>..<to>, built in git worktrees, each measured against "
                + "the commit before it in the same seconds (the paired make lab's chain): trend.md names the commits "
                + "that changed CPU or bytes per request.")
public class TrendCommitsCommand implements Callable<Integer> {

    @Mixin
    PairOptions options;

    @Option(names = "--commits", defaultValue = "${env:COMMITS:-}",
            description = "The range, <from>..<to>: from and every commit after it up to to, along first parents.")
    String commits;

    /** The Spring profiles every commit's gateway runs with. */
    @Mixin
    ProfilesOption profiles;

    /** The command as the run lock names it. */
    static final String TARGET = "make trend COMMITS=";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        options.validate();
        Path root = options.repository();
        String active = String.join(",", profiles.profiles());
        if (!active.matches("[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*")) {
            throw new LabException(
                    "GATEWAY_PROFILES must be profile names separated by commas, e.g. reactive, not '" + active + "'");
        }
        List<String> range = CommitJars.range(root, commits);
        Path cache = options.results().toAbsolutePath().normalize().resolve(".commit-jars");
        List<CommitJars.CommitJar> jars = CommitJars.of(root, range, cache);
        List<CommitJars.CommitJar> measured = jars.stream().filter(jar -> jar.sameAs() == null).toList();
        if (measured.size() < 2) {
            throw new LabException(
                    "COMMITS=" + commits.trim() + ": no commit after the first changes the gateway's sources ("
                            + String.join(", ", CommitJars.SOURCES) + "): nothing to measure");
        }
        int rate = options.rate();
        // the budget first, from a plan of the same shape: the jars are not built yet
        List<LineupPlan.Entrant> shapes = measured.stream()
            .map(jar -> new LineupPlan.Entrant(jar.shortCommit(), jar.subject(),
                    Side.labGateway(jar.shortCommit(), List.of(active))))
            .toList();
        long building = measured.stream().filter(CommitJars::toBuild).count();
        out.println("Commits: " + range.size() + " from " + commits.trim() + ", " + measured.size()
                + " with gateway sources of their own"
                + (building == 0 ? "" : "; " + building + " jars to build first, seconds each"));
        out.println(options.chain(shapes, rate).expectedDuration());
        out.flush();
        // the jars are built under the run lock: two runs at once would build in the same
        // cache, and the one that is measuring needs the machine to itself
        try (RunLock lock = RunLock.acquire(TARGET + commits.trim() + ", building jars")) {
            CommitJars.build(root, jars, CommitJars.MAVEN, out);
            measure(jars, measured, active, rate, out);
        }
        return 0;
    }

    private void measure(List<CommitJars.CommitJar> jars, List<CommitJars.CommitJar> measured, String active, int rate,
            PrintWriter out) {
        List<LineupPlan.Entrant> entrants = new ArrayList<>();
        for (CommitJars.CommitJar jar : measured) {
            List<String> jvm = new ArrayList<>(options.gatewayJavaOptions());
            jvm.add("-Dspring.profiles.active=" + active);
            entrants.add(new LineupPlan.Entrant(jar.shortCommit(), jar.subject(),
                    Side.ownJar(jar.shortCommit(), jar.jar().toString(), ForeignGateway.ofJar(jar.jar()), jvm, null)));
        }
        CommitJars.CommitJar first = jars.get(0);
        // trend.md and trend.html are written before results/latest points at the run
        LineupResult result = LadderMeasure.measure(options.chain(entrants, rate), "commits", TARGET, out,
                done -> TrendWriter.writeCommits(done.dir(), commits.trim(), trend(jars, done), first.commit(),
                        first.subject()));
        CommitTrend trend = trend(jars, result);
        out.println("Each commit against the one before it (" + active + "), in the same seconds:");
        for (CommitTrend.Step step : trend.steps()) {
            out.println("  " + TrendWriter.shortCommit(step.commit()) + " " + step.subject() + ": "
                    + CommitTrend.describe(step)
                    + (step.cpuChanged() || step.bytesChanged() ? "  <- change point" : ""));
        }
        List<CommitTrend.Step> changes = trend.changePoints();
        out.println(changes.isEmpty() ? "No change point: no commit moved CPU or bytes per request beyond noise."
                : changes.size() + " change point" + (changes.size() == 1 ? "" : "s") + ": " + String.join(", ",
                        changes.stream().map(step -> TrendWriter.shortCommit(step.commit())).toList()));
        out.println("Trend: " + result.dir().resolve("trend.md")
                + " and trend.html (report.md: every step with its passes)");
        out.flush();
    }

    /** Each commit after the first with its step from the run (none for a same jar). */
    static CommitTrend trend(List<CommitJars.CommitJar> jars, LineupResult result) {
        List<CommitTrend.Step> steps = new ArrayList<>();
        for (int i = 1; i < jars.size(); i++) {
            CommitJars.CommitJar jar = jars.get(i);
            if (jar.sameAs() != null) {
                steps.add(new CommitTrend.Step(jar.commit(), jar.subject(), jar.sameAs(), null, null));
                continue;
            }
            LineupResult.Step step = result.steps()
                .stream()
                .filter(s -> s.to().equals(jar.shortCommit()))
                .findFirst()
                .orElse(null);
            steps.add(new CommitTrend.Step(jar.commit(), jar.subject(), null,
                    step == null ? null : step.verdicts().get(PairedMetric.CPU),
                    step == null ? null : step.verdicts().get(PairedMetric.BYTES)));
        }
        return new CommitTrend(steps);
    }

}
