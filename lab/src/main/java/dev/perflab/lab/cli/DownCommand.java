package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.perflab.lab.system.Compose;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.Service;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * Stops what {@code up} started, by the recorded pids, and nothing else; in the compose
 * runtime it then removes the containers those {@code up}s leave, stopped.
 */
@Command(name = "down", description = "Stop the apps that 'up' started (by their recorded pids only).")
class DownCommand implements Callable<Integer> {

    @Mixin
    PlaceOptions place;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PidFiles pidFiles = new PidFiles(place.results().resolve("up"));
        boolean containers = pidFiles.read().stream().anyMatch(entry -> Compose.isUp(entry.command()));
        List<String> report = new ArrayList<>(pidFiles.stopAll(Duration.ofSeconds(10)));
        if (containers) {
            // a stopped up leaves its container, stopped
            report.addAll(Compose.engine().removeOwn(List.of(Service.values()), true));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (report.isEmpty()) {
            out.println("Nothing to stop: no lab started with make up (no pid files in " + pidFiles.dir() + ").");
        }
        report.forEach(out::println);
        out.flush();
        return 0;
    }

}
