package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.compare.CompareWriter;
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "compare",
        description = "Two runs rung by rung (B against A) with intervals and verdicts, as compare.md and compare.html.")
public class CompareCommand implements Callable<Integer> {

    /**
     * Exit code of a failed performance gate (FAIL_ON): distinct from a lab error's 1.
     */
    static final int EXIT_GATE = GateLine.EXIT_GATE;

    /**
     * The first line of a comparison of two finished runs: what runs measured apart can
     * tell here, and where the gate is.
     */
    static final String APART = "Two runs measured apart: on a shared machine they resolve only about ±34 % in CPU per "
            + "request (the median half-width over ten A/A tries, docs/en/13-paired.md), so this reads old folders and "
            + "is no CI gate; measure both in the same seconds for that: make compare A_GATEWAY= B_GATEWAY= FAIL_ON=5%";

    @Option(names = "--a", required = true, description = "The results folder before the change (A).")
    Path a;

    @Option(names = "--b", required = true, description = "The results folder after the change (B).")
    Path b;

    @Mixin
    FailOnOption failOnOption;

    @Mixin
    FolderOptions.OutOption outFolder;

    @Spec
    CommandSpec spec;

    /**
     * One ✓/✗ line per rung of A: a rung slower in B by more than FAIL_ON fails, and so
     * does one the gate cannot decide on: not measured in both runs, or missing from B.
     */
    static List<GateLine> gates(Comparison comparison, List<Comparison.Row> failing, String failOn) {
        List<GateLine> lines = new java.util.ArrayList<>(comparison.rows()
            .stream()
            .map(row -> row.step() == null
                    ? GateLine.broken(row.rung() + ": not measured in both runs, so the gate cannot decide")
                    : row.step().noVerdict() != null
                            ? GateLine.broken(row.gateName() + ": " + measured(row) + ", so the gate cannot decide")
                            : failing.contains(row)
                                    ? GateLine.broken(
                                            row.gateName() + ": " + measured(row) + ", slower by more than " + failOn)
                                    : GateLine.held(row.rung() + ": " + measured(row)
                                            + ", not significantly slower by more than " + failOn))
            .toList());
        comparison.onlyInA()
            .forEach(rung -> lines
                .add(GateLine.broken(rung + ": measured in A, missing from B, so the gate cannot decide")));
        return lines;
    }

    private static String measured(Comparison.Row row) {
        return row.step().withheld() != null ? row.rpsText() : "req/s " + row.rpsText();
    }

    @Override
    public Integer call() {
        if (a.toString().isBlank() || b.toString().isBlank()) {
            throw new LabException(
                    "compare needs two results folders: make compare A=results/<before> B=results/<after> (FAIL_ON=5% to gate)");
        }
        String failOn = failOnOption.text();
        Path out = outFolder.out;
        double threshold = failOn.isBlank() ? Double.NaN : Comparison.threshold(failOn);
        RunFolder before = RunFolder.existing(a);
        RunFolder after = RunFolder.existing(b);
        Comparison comparison = Comparison.of(before.dir(), after.dir());
        List<Comparison.Row> failing = Double.isNaN(threshold) ? List.of() : comparison.slowerThan(threshold);
        CompareWriter writer = new CompareWriter(comparison, failOn.isBlank() ? "" : failOn.trim(), failing);
        Path target = out == null ? after.dir() : out;
        RunFolder.write(target.resolve("compare.md"), writer.markdown());
        RunFolder.write(target.resolve("compare.html"), writer.html());
        var printed = spec.commandLine().getOut();
        printed.println(APART);
        comparison.warnings().forEach(w -> printed.println("warning: the runs differ: " + w));
        for (Comparison.Row row : comparison.rows()) {
            printed.println("  " + row.rung() + ": " + (row.step() == null ? row.rpsText() : measured(row)));
        }
        if (!comparison.onlyInA().isEmpty() || !comparison.onlyInB().isEmpty()) {
            printed.println("  in one run only (not compared): " + String.join(", ", comparison.onlyInA())
                    + (comparison.onlyInA().isEmpty() ? "" : " (A) ") + String.join(", ", comparison.onlyInB())
                    + (comparison.onlyInB().isEmpty() ? "" : " (B)"));
        }
        printed.println("Comparison: " + target.resolve("compare.md") + " and " + target.resolve("compare.html"));
        List<GateLine> gates = Double.isNaN(threshold) ? List.of() : gates(comparison, failing, failOn.trim());
        if (!Double.isNaN(threshold)) {
            printed.println("FAIL_ON=" + failOn.trim()
                    + ": a rung of B fails when its req/s is significantly lower than A's by more than " + failOn.trim()
                    + " (or has too many errors for a verdict, is not measured in both, or was measured in one pass):");
            gates.forEach(line -> printed.println("  " + line));
        }
        printed.flush();
        return GateLine.exitCode(gates);
    }

}
