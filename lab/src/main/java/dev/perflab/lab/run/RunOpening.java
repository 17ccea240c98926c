package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.RunLock;

/**
 * How a paired run opens and closes, written once for make lab, advise, trend COMMITS=
 * and make compare: this user's run lock, vegeta installed, what a killed run left
 * stopped, a new results folder with its run.json; then the run's own life in it; and
 * results/latest pointed at the folder once that life has gone through to its end.
 *
 * @param target what holds the lock, for the line another run prints (for example "make
 * lab")
 * @param root the repository, where vegeta is installed
 * @param results the results folder's parent
 * @param folder the results folder's name after its time stamp
 * @param command the command run.json names
 * @param runtime the runtime run.json names (local, compose)
 * @param parameters the plan as run.json records it
 */
public record RunOpening(String target, Path root, Path results, String folder, String command, String runtime,
        Object parameters) {

    /** What a killed run left gets this long to stop before it is killed. */
    static final Duration LEFTOVER_GRACE = Duration.ofSeconds(10);

    /**
     * Opens the run, lives {@code life} in its folder, and points results/latest at the
     * folder when {@code life} returns; a run that throws keeps latest where it was.
     */
    public <R> R live(PrintWriter out, Function<RunFolder, R> life) {
        try (RunLock lock = RunLock.acquire(target)) {
            VegetaInstaller.ensure(root, out);
            PidFiles.children().stopLeftovers(LEFTOVER_GRACE).forEach(out::println);
            RunFolder run = RunFolder.create(results, folder);
            lock.describe(target + ", " + run.dir());
            run.writeJson("run.json", RunInfo.describe(root, command, runtime, parameters));
            out.println("Results: " + run.dir());
            R result = life.apply(run);
            run.finished();
            return result;
        }
    }

}
