package dev.perflab.lab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.compare.CompareWriter;
import dev.perflab.lab.compare.Comparison;
import dev.perflab.lab.run.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "compare",
        description = "Two runs rung by rung (B against A) with intervals and verdicts, as compare.md and compare.html.")
public class CompareCommand implements Callable<Integer> {

    /**
     * Exit code of a failed performance gate (FAIL_ON): distinct from a lab error's 1.
     */
    static final int EXIT_GATE = 3;

    @Option(names = "--a", required = true, description = "The results folder before the change (A).")
    Path a;

    @Option(names = "--b", required = true, description = "The results folder after the change (B).")
    Path b;

    @Option(names = "--fail-on", defaultValue = "${env:FAIL_ON:-}",
            description = "Exit with 3 when a rung of B is significantly slower than A's by more than this, e.g. 5% (default: never).")
    String failOn;

    @Option(names = "--out", description = "Folder for compare.md and compare.html (default: B's folder).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (a.toString().isBlank() || b.toString().isBlank()) {
            throw new LabException(
                    "compare needs two results folders: make compare A=results/<before> B=results/<after> (FAIL_ON=5% to gate)");
        }
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
        comparison.warnings().forEach(w -> printed.println("warning: the runs differ: " + w));
        for (Comparison.Row row : comparison.rows()) {
            printed.println("  " + row.rung() + ": "
                    + (row.step() == null || row.step().withheld() != null ? row.rpsText() : "req/s " + row.rpsText()));
        }
        if (!comparison.onlyInA().isEmpty() || !comparison.onlyInB().isEmpty()) {
            printed.println("  in one run only (not compared): " + String.join(", ", comparison.onlyInA())
                    + (comparison.onlyInA().isEmpty() ? "" : " (A) ") + String.join(", ", comparison.onlyInB())
                    + (comparison.onlyInB().isEmpty() ? "" : " (B)"));
        }
        printed.println("Comparison: " + target.resolve("compare.md") + " and " + target.resolve("compare.html"));
        if (!failing.isEmpty()) {
            printed.println("FAIL_ON=" + failOn.trim() + ": significantly slower by more than " + failOn.trim() + ": "
                    + String.join(", ", failing.stream().map(Comparison.Row::gateName).toList()));
            printed.flush();
            return EXIT_GATE;
        }
        printed.flush();
        return 0;
    }

}
