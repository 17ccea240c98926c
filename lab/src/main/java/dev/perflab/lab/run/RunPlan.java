package dev.perflab.lab.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.runtime.LabRuntime;
import dev.perflab.lab.targets.Target;

/**
 * One run, decided and checked before anything starts: the command, its rungs and passes,
 * the runtime they run in, the target each rung drives, what each rung measures, and what
 * run.json records of it. Each command builds one from its options; {@link LabRun} runs
 * it.
 *
 * @param parameters run.json's parameters
 * @param gateway which gateway the rungs drive, for run.json and summary.json; null when
 * no rung drives one
 * @param expectedDuration the line that tells how long the run will take
 */
public record RunPlan(CommandKind command, Path root, Path results, List<Scenario> rungs, int repeat,
        LabRuntime runtime, Function<Scenario, Target> targets, MeasurementPlan measurement,
        RungRunner.Settings settings, Map<String, Object> parameters, Map<String, Object> gateway,
        String expectedDuration) {

    public RunPlan {
        rungs = List.copyOf(rungs);
    }
}
