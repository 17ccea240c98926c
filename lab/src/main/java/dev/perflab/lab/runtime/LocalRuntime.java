package dev.perflab.lab.runtime;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import dev.perflab.lab.LabException;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.stats.ProcStatsSampler;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.system.Ports;
import dev.perflab.lab.system.ServiceLauncher;
import dev.perflab.lab.targets.Target;
import java.net.URI;
import java.util.function.Supplier;

/**
 * RUNTIME=local: the apps as JVM processes on this machine, sampled from /proc, profiled
 * by pid.
 */
public class LocalRuntime implements LabRuntime {

    /** The port the JProfiler agent listens on, on 127.0.0.1. */
    public static final int JPROFILER_PORT = 38849;

    private final Function<Path, ServiceLauncher> launcher;

    private final Duration healthTimeout;

    /**
     * @param launcher starts services with their logs in the given folder
     * @param healthTimeout how long each app may take to become healthy
     */
    public LocalRuntime(Function<Path, ServiceLauncher> launcher, Duration healthTimeout) {
        this.launcher = launcher;
        this.healthTimeout = healthTimeout;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public LaunchSpec withJProfiler(LaunchSpec gateway, Supplier<List<String>> agentJvmOptions) {
        if (!Ports.free(JPROFILER_PORT)) {
            throw new LabException("port " + JPROFILER_PORT + " (the JProfiler agent's) is in use: "
                    + "stop what listens there (ss -ltnp 'sport = :" + JPROFILER_PORT + "') and run again");
        }
        List<String> jvm = new ArrayList<>(gateway.jvmOptions());
        jvm.addAll(agentJvmOptions.get());
        return gateway.withJvmOptions(jvm);
    }

    @Override
    public Deployment start(Target target, Scenario rung, Path dir, PrintWriter out) {
        LabSystem apps = LabSystem.start(launcher.apply(dir.resolve("logs")), target.specs(rung.authLatency()),
                healthTimeout);
        try {
            Target.Extras extras = target.startExtras(apps, dir);
            return deployment(apps, extras, target.url(apps, extras));
        }
        catch (RuntimeException ex) {
            apps.close();
            throw ex;
        }
    }

    /** The started rung as this runtime samples and profiles it. */
    Deployment deployment(LabSystem apps, Target.Extras extras, URI url) {
        return new Started(apps, extras, url);
    }

    /**
     * Apps the lab started here, and the target's extras; closing stops the extras, then
     * the apps.
     */
    static class Started implements Deployment {

        final LabSystem apps;

        private final Target.Extras extras;

        private final URI url;

        Started(LabSystem apps, Target.Extras extras, URI url) {
            this.apps = apps;
            this.extras = extras;
            this.url = url;
        }

        @Override
        public Apps apps() {
            return apps;
        }

        @Override
        public URI url() {
            return url;
        }

        @Override
        public StatsSampler sampler(Path file) {
            Map<String, List<Long>> pids = new LinkedHashMap<>();
            for (RunningService service : apps.services()) {
                pids.put(service.service().id(), List.of(service.pid()));
            }
            pids.putAll(extras.pids());
            return new ProcStatsSampler(pids, file);
        }

        @Override
        public Optional<ProfiledProcess> gatewayProcess() {
            return apps.find(Service.GATEWAY)
                .map(gateway -> ProfiledProcess.local(gateway.pid(), gateway.spec().javaHome()));
        }

        @Override
        public Optional<String> exited() {
            for (RunningService service : apps.services()) {
                Process process = service.process();
                if (!process.isAlive()) {
                    return Optional.of(service.service().id() + " exited (exit code " + process.exitValue()
                            + "; its log: " + service.log() + ")");
                }
            }
            for (Map.Entry<String, List<Long>> extra : extras.pids().entrySet()) {
                for (long pid : extra.getValue()) {
                    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        return Optional.of(extra.getKey() + " exited (pid " + pid + ")");
                    }
                }
            }
            return Optional.empty();
        }

        @Override
        public Map<String, Long> jvmPids() {
            Map<String, Long> pids = new LinkedHashMap<>();
            apps.services().forEach(service -> pids.put(service.service().id(), service.pid()));
            return pids;
        }

        @Override
        public void close() {
            try (Apps stoppedLast = apps; Target.Extras stoppedFirst = extras) {
                // extras first, then the apps
            }
        }

    }

}
