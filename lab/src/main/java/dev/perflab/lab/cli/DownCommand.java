package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

import dev.perflab.lab.system.PidFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** Stops what {@code up} started, by the recorded pids, and nothing else. */
@Command(name = "down", description = "Stop the apps that 'up' started (by their recorded pids only).")
class DownCommand implements Callable<Integer> {

    @Mixin
    PlaceOptions place;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PidFiles pidFiles = new PidFiles(place.results().resolve("up"));
        List<String> report = pidFiles.stopAll(Duration.ofSeconds(10));
        PrintWriter out = spec.commandLine().getOut();
        if (report.isEmpty()) {
            out.println("Nothing to stop: no lab started with make up (no pid files in " + pidFiles.dir() + ").");
        }
        report.forEach(out::println);
        out.flush();
        return 0;
    }

}
