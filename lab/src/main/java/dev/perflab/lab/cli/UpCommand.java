package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.system.GatewayProfiles;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.PidFiles;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import java.time.Duration;

/**
 * Starts the three apps in the background, shows one request going through, and leaves
 * them running.
 */
@Command(name = "up", description = "Start the three apps on 127.0.0.1 in the background (stop them with 'down').")
class UpCommand implements Callable<Integer> {

    static final String TOKEN = "lab-token";

    @Mixin
    SystemOptions options;

    @Mixin
    AuthClientOption authClient;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (options.remote()) {
            throw new LabException("make up starts the apps on this machine; RUNTIME=" + options.runtime()
                    + " measures a system started elsewhere: use RUNTIME=local or compose");
        }
        options.validate();
        options.gatewayProfiles.profiles = authClient.profiles(options.profiles());
        SystemSetup setup = new SystemSetup(options);
        Path upDir = options.results().resolve("up");
        PidFiles pidFiles = new PidFiles(upDir);
        List<PidFiles.Entry> running = pidFiles.live();
        if (!running.isEmpty()) {
            throw new LabException("the lab is already up (" + describe(running) + "): run make down first");
        }
        setup.stopLeftovers(out);
        SystemOptions.checkAuthLatency(options.authLatency(), "AUTH_LATENCY");
        GatewayProfiles.in(Service.GATEWAY.jar(options.root()))
            .check(setup.spec(Service.GATEWAY).profiles(), "GATEWAY_PROFILES");
        out.println("Starting business-service, auth-service and gateway " + profileText(setup) + "...");
        LabSystem system = LabSystem.start(setup.launcher(upDir).outlivingTheRunner(), setup.specs(),
                options.healthTimeout());
        try {
            system.services().forEach(pidFiles::write);
            for (RunningService service : system.services()) {
                out.printf("  %-16s %s  pid %d  log %s%n", service.service(), service.baseUri(), service.pid(),
                        service.log());
            }
            showRequest(system.get(Service.GATEWAY), out);
        }
        catch (RuntimeException ex) {
            system.close();
            pidFiles.stopAll(Duration.ofSeconds(1));
            throw ex;
        }
        system.detach();
        out.println("The lab is up. Stop it with: make down");
        out.flush();
        return 0;
    }

    private static void showRequest(RunningService gateway, PrintWriter out) {
        try {
            HttpResponse<String> info = LabHttp.get(gateway.uri("/actuator/info"));
            out.println("Gateway mode: " + info.body());
            HttpResponse<String> ok = LabHttp.get(gateway.uri("/service/hello"),
                    Map.of("Authorization", "Bearer " + TOKEN));
            out.println("GET " + gateway.uri("/service/hello") + "  Authorization: Bearer " + TOKEN + "  ->  "
                    + ok.statusCode() + " " + ok.body().trim());
            HttpResponse<String> denied = LabHttp.get(gateway.uri("/service/hello"));
            out.println("GET " + gateway.uri("/service/hello") + "  (no token)  ->  " + denied.statusCode() + " "
                    + denied.body().trim());
            if (ok.statusCode() != 200) {
                throw new LabException("the gateway answered " + ok.statusCode()
                        + " to a request with a valid token; see " + gateway.log());
            }
        }
        catch (IOException ex) {
            throw new LabException("the gateway is healthy but a request through it failed (" + ex.getMessage()
                    + "); see " + gateway.log(), ex);
        }
    }

    private static String profileText(SystemSetup setup) {
        List<String> profiles = setup.spec(Service.GATEWAY).profiles();
        return profiles.isEmpty() ? "(default profile: reactive)" : "(profiles: " + String.join(",", profiles) + ")";
    }

    static String describe(List<PidFiles.Entry> entries) {
        return String.join(", ", entries.stream().map(PidFiles.Entry::toString).toList());
    }

}
