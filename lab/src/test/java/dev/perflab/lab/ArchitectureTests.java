package dev.perflab.lab;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The runner's layers as ../shared/layouts/runner-layers.json draws them (and
 * package-info.java says): a package cycle or an import that breaks one of the drawing's
 * "never" rules fails the build here rather than being found in a review.
 */
class ArchitectureTests {

    private static final JavaClasses LAB = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.perflab.lab");

    /** The drawing's parts, by package. */
    private static final Map<String, String[]> LAYERS = Map.of("Cli", new String[] { "dev.perflab.lab.cli.." },
            "Orchestration", new String[] { "dev.perflab.lab.run..", "dev.perflab.lab.paired.." }, "Report",
            new String[] { "dev.perflab.lab.report..", "dev.perflab.lab.compare.." }, "Model",
            new String[] { "dev.perflab.lab.result..", "dev.perflab.lab.verdict..", "dev.perflab.lab.capacity.." },
            "Drivers",
            new String[] { "dev.perflab.lab.load..", "dev.perflab.lab.stats..", "dev.perflab.lab.profile..",
                    "dev.perflab.lab.targets..", "dev.perflab.lab.runtime.." },
            "Infra",
            new String[] { "dev.perflab.lab.system..", "dev.perflab.lab.http..", "dev.perflab.lab.metrics.." });

    /**
     * The paired targets' report.md, compare.md and ladder.md, on no part of the drawing
     * yet.
     */
    private static final String PAIRED_RENDERING = "dev.perflab.lab.pairedreport..";

    @Test
    void theRunnersPackagesFormNoCycle() {
        slices().matching("dev.perflab.lab.(*)..").should().beFreeOfCycles().check(LAB);
    }

    @Test
    void theResultModelIsDataItRunsNoProcesses() {
        neverAccesses("Model", "Infra").check(LAB);
    }

    @Test
    void theResultModelKnowsNoTargetsOrLoadGenerators() {
        neverAccesses("Model", "Drivers").check(LAB);
    }

    @Test
    void theReportReadsARunFolderItDoesNotRun() {
        neverAccesses("Report", "Orchestration").check(LAB);
    }

    @Test
    void aRunWritesResultsRenderingBelongsToTheCaller() {
        neverAccesses("Orchestration", "Report").check(LAB);
    }

    /**
     * The paired targets' rendering (pairedreport) reads the paired results of
     * Orchestration, so it stands outside Report; a run still only calls it back, and the
     * report of a run folder does not lean on it.
     */
    @Test
    void aRunAndTheReportKnowNoPairedRendering() {
        noClasses().that()
            .resideInAnyPackage(concat(LAYERS.get("Orchestration"), LAYERS.get("Report")))
            .should()
            .dependOnClassesThat()
            .resideInAPackage(PAIRED_RENDERING)
            .because("a run writes results; rendering belongs to the caller")
            .check(LAB);
    }

    @Test
    void processPlumbingKnowsNoResults() {
        neverAccesses("Infra", "Model").check(LAB);
    }

    private static String[] concat(String[] a, String[] b) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(b))
            .toArray(String[]::new);
    }

    /**
     * No class of {@code from} depends on a class of {@code to} (an import, a call, a
     * field or a signature).
     */
    private static ArchRule neverAccesses(String from, String to) {
        return noClasses().that()
            .resideInAnyPackage(LAYERS.get(from))
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(LAYERS.get(to))
            .because(from + " -> " + to + " is a \"never\" of runner-layers.json");
    }

}
