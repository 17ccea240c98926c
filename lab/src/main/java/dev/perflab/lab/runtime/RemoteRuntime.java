package dev.perflab.lab.runtime;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import dev.perflab.lab.LabException;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.stats.PrometheusStatsSampler;
import dev.perflab.lab.stats.StatsSampler;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.RemoteSystem;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.targets.Target;

/**
 * RUNTIME=remote: a system the lab did not start, at the REMOTE file's addresses, sampled
 * from each app's Prometheus endpoint; nothing is started, profiled or stopped there.
 */
public class RemoteRuntime implements LabRuntime {

    /**
     * How long a remote app, checked before the run began, may take to answer at the
     * start of a rung before it fails with one line: a busy machine can hold one scrape
     * for seconds.
     */
    static final Duration REMOTE_ANSWER = Duration.ofSeconds(30);

    final RemoteConfig remote;

    public RemoteRuntime(RemoteConfig remote) {
        this.remote = remote;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.REMOTE;
    }

    /** Nginx without its address cannot run there. */
    @Override
    public Optional<String> unavailable(Target target, Scenario rung) {
        return target.unavailable(remote);
    }

    /**
     * A remote system runs with the auth latency it was deployed with, which the lab
     * neither sets nor knows.
     */
    @Override
    public String authLatency(Scenario rung, String configured) {
        return null;
    }

    /**
     * The REMOTE file's token, when it names one, replaces the lab's own bearer token.
     */
    @Override
    public String header(Target target) {
        String header = target.header();
        if (header == null) {
            return null;
        }
        return remote.token().map(token -> "Authorization: Bearer " + token).orElse(header);
    }

    @Override
    public Optional<String> faultsUnavailable() {
        return remote.authAdmin().isEmpty() ? Optional.of("the REMOTE file names no auth-service.url to post them to")
                : Optional.empty();
    }

    @Override
    public boolean asDeployed() {
        return true;
    }

    @Override
    public LaunchSpec withJProfiler(LaunchSpec gateway, Supplier<List<String>> agentJvmOptions) {
        throw new LabException(
                "PROFILER=jprofiler attaches to a gateway the lab started: not with RUNTIME=" + kind().id());
    }

    /**
     * Connects to the configured apps, each of whose scrapes must answer, and checks the
     * address the load goes to.
     */
    @Override
    public Deployment start(Target target, Scenario rung, Path dir, PrintWriter out) {
        return connect(target, REMOTE_ANSWER);
    }

    Deployment connect(Target target, Duration wait) {
        // the service list alone matters here: the latency is the deployed one
        List<Service> services = target.specs("0").stream().map(LaunchSpec::service).toList();
        RemoteSystem apps = RemoteSystem.connect(remote, services, wait);
        URI url = target.url(remote);
        RemoteSystem.awaitAnswer(target.kind().id() + " (where the load goes)", url, wait, false);
        return new Connected(apps, url);
    }

    /** Apps someone else runs: closing stops nothing. */
    private record Connected(RemoteSystem remoteApps, URI url) implements Deployment {

        @Override
        public Apps apps() {
            return remoteApps;
        }

        @Override
        public StatsSampler sampler(Path file) {
            Map<String, URI> scrapes = new LinkedHashMap<>();
            remoteApps.services().forEach(app -> scrapes.put(app.service().id(), app.prometheusUri()));
            return new PrometheusStatsSampler(scrapes, file);
        }

        @Override
        public Optional<ProfiledProcess> gatewayProcess() {
            return Optional.empty();
        }

        @Override
        public void close() {
            remoteApps.close();
        }
    }

}
