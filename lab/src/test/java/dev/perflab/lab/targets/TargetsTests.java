package dev.perflab.lab.targets;

import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;

import static org.assertj.core.api.Assertions.assertThat;

class TargetsTests {

    private static Target target(TargetKind kind, List<String> profiles, UnaryOperator<LaunchSpec> gateway) {
        return Targets.of(kind, profiles, LaunchSpec::of, gateway, Path.of("."), "/service/hello", Targets.HEADER);
    }

    @Test
    void theBackendAloneNeedsNoTokenNoAuthServiceAndNoFaults() {
        Target backend = target(TargetKind.BACKEND, List.of(), UnaryOperator.identity());
        assertThat(backend.specs("5ms")).extracting(LaunchSpec::service).containsExactly(Service.BUSINESS);
        assertThat(backend.header()).isNull();
        assertThat(backend.faultsApply()).isFalse();
        assertThat(backend.unavailable()).isEmpty();
    }

    @Test
    void theGatewayStartsAllThreeWithItsProfilesTheRungsAuthLatencyAndTheRunsAgent() {
        Target gateway = target(TargetKind.GATEWAY, List.of("blocking", "log-quiet"),
                spec -> spec.withEnv("PROFILER", "jprofiler"));
        List<LaunchSpec> specs = gateway.specs("20ms");
        assertThat(specs).extracting(LaunchSpec::service)
            .containsExactly(Service.BUSINESS, Service.AUTH, Service.GATEWAY);
        assertThat(specs.get(1).environment()).containsEntry("AUTH_LATENCY", "20ms");
        assertThat(specs.get(2).profiles()).containsExactly("blocking", "log-quiet");
        assertThat(specs.get(2).environment()).containsEntry("PROFILER", "jprofiler");
        assertThat(gateway.header()).isEqualTo("Authorization: Bearer lab-token");
        assertThat(gateway.foreign()).isNull();
        assertThat(gateway.faultsApply()).isTrue();
        assertThat(gateway.describe()).isEqualTo(" (gateway profiles: blocking,log-quiet)");
    }

    @Test
    void nginxStandsInFrontOfTheSameTwoBackendsWithTheToken() {
        Target nginx = target(TargetKind.NGINX, List.of(), spec -> {
            throw new AssertionError("nginx starts no gateway");
        });
        assertThat(nginx.specs("1ms")).extracting(LaunchSpec::service).containsExactly(Service.BUSINESS, Service.AUTH);
        assertThat(nginx.specs("1ms").get(1).environment()).containsEntry("AUTH_LATENCY", "1ms");
        assertThat(nginx.header()).isEqualTo(Targets.HEADER);
        assertThat(nginx.faultsApply()).isTrue();
    }

    @Test
    void kindsKeepTheNamesOfTheScenarioFile() {
        assertThat(List.of(TargetKind.values())).extracting(TargetKind::id)
            .containsExactly("backend", "gateway", "nginx");
    }

}
