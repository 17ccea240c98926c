package dev.perflab.lab.targets;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.system.InstalledTools;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.Service;

/**
 * The reference rung: nginx's {@code auth_request} in front of the same two backends, so
 * the gateway's figures have a non-Java proxy doing the same job beside them.
 */
final class NginxTarget implements Target {

    private final Path root;

    private final Path template;

    private final LaunchSpec business;

    private final LaunchSpec auth;

    /**
     * @param cached the auth subrequest's answers cached (the rung's profiles name
     * auth-cache): the auth-cache rung's reference
     */
    NginxTarget(Path root, LaunchSpec business, LaunchSpec auth, boolean cached) {
        this.root = root;
        this.template = NginxProcess.template(root, cached);
        this.business = business;
        this.auth = auth;
    }

    @Override
    public TargetKind kind() {
        return TargetKind.NGINX;
    }

    @Override
    public String describe() {
        return template.getFileName().toString().contains("cached") ? " (wrk -> nginx auth_request, its answers cached)"
                : " (wrk -> nginx auth_request)";
    }

    /**
     * Without nginx the rung is skipped, with the line the setup step printed when it
     * could not install it.
     */
    @Override
    public Optional<String> unavailable() {
        return InstalledTools.missing(root, "nginx");
    }

    @Override
    public URI url(RemoteConfig remote) {
        return remote.nginx().orElseThrow();
    }

    @Override
    public Optional<String> unavailable(RemoteConfig remote) {
        return remote.nginx().isEmpty() ? Optional.of("the REMOTE file names no nginx.url") : Optional.empty();
    }

    @Override
    public List<LaunchSpec> specs(String authLatency) {
        return List.of(business, Targets.withAuthLatency(auth, authLatency));
    }

    @Override
    public Extras startExtras(LabSystem apps, Path dir) {
        NginxProcess nginx = NginxProcess.start(template, dir.resolve("nginx"),
                apps.get(Service.BUSINESS).spec().port(), apps.get(Service.AUTH).spec().port(), Targets.TOKEN);
        return new Extras() {
            @Override
            public Map<String, List<Long>> pids() {
                return Map.of("nginx", nginx.pids());
            }

            @Override
            public void close() {
                nginx.close();
            }
        };
    }

    @Override
    public URI url(LabSystem apps, Extras extras) {
        return NginxProcess.url();
    }

    @Override
    public String header() {
        return Targets.HEADER;
    }

}
