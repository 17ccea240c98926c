package dev.perflab.lab.runtime;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.RemoteSystem;
import dev.perflab.lab.system.Service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Which JVMs a rung on RUNTIME=compose gives the warm-up to read: each app's container's,
 * by the pid docker inspect gives (faked here), named as the stats log names the app.
 */
class ComposeRuntimeTests {

    /** What docker inspect's State.Pid would say for each service's container. */
    private static final Map<Service, Long> INSPECTED = Map.of(Service.GATEWAY, 4101L, Service.AUTH, 4102L,
            Service.BUSINESS, 4103L);

    @Test
    void eachAppOfTheRungIsReadInItsContainerByThePidThisMachineSees() {
        assertThat(ComposeRuntime.containerJvms(apps(Service.GATEWAY, Service.AUTH, Service.BUSINESS), INSPECTED::get))
            .containsExactly(entry("gateway", 4101L), entry("auth-service", 4102L), entry("business-service", 4103L));
    }

    @Test
    void aRungReadsOnlyTheContainersItStarted() {
        assertThat(ComposeRuntime.containerJvms(apps(Service.BUSINESS), INSPECTED::get)).as("make baseline's rung")
            .containsExactly(entry("business-service", 4103L));
    }

    private static Apps apps(Service... services) {
        List<RemoteSystem.Remote> endpoints = Arrays.stream(services)
            .map(service -> new RemoteSystem.Remote(service, URI.create("http://localhost:1"),
                    URI.create("http://localhost:1/actuator/prometheus")))
            .toList();
        return new Apps() {

            @Override
            public List<RemoteSystem.Remote> services() {
                return endpoints;
            }

            @Override
            public Optional<RemoteSystem.Remote> find(Service service) {
                return endpoints.stream().filter(e -> e.service() == service).findFirst();
            }

            @Override
            public void close() {
            }

        };
    }

}
