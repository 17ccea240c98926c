package dev.perflab.lab.targets;

import java.net.URI;
import java.util.List;

import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.Service;

/** The lab's gateway with a rung's profiles, in front of auth-service and business-service. */
final class GatewayTarget implements Target {

    private final List<LaunchSpec> backends;
    private final LaunchSpec gateway;

    /**
     * @param gateway the gateway's launch spec with the rung's profiles and any profiler agent
     *        already applied
     */
    GatewayTarget(LaunchSpec business, LaunchSpec auth, LaunchSpec gateway) {
        this.backends = List.of(business, auth);
        this.gateway = gateway;
    }

    @Override
    public Kind kind() {
        return Kind.GATEWAY;
    }

    @Override
    public String describe() {
        return " (gateway profiles: " + (gateway.profiles().isEmpty() ? "default" : String.join(",", gateway.profiles())) + ")";
    }

    @Override
    public List<LaunchSpec> specs(String authLatency) {
        return List.of(backends.get(0), Targets.withAuthLatency(backends.get(1), authLatency), gateway);
    }

    @Override
    public URI url(LabSystem apps, Extras extras) {
        return apps.get(Service.GATEWAY).uri("/service/hello");
    }

    @Override
    public String token() {
        return Targets.TOKEN;
    }
}
