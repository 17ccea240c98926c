package dev.perflab.lab.targets;

import java.net.URI;
import java.util.List;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.LaunchSpec;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.Service;

/** business-service alone: the ceiling every other rung is measured against. */
final class BackendTarget implements Target {

    private final LaunchSpec business;

    BackendTarget(LaunchSpec business) {
        this.business = business;
    }

    @Override
    public TargetKind kind() {
        return TargetKind.BACKEND;
    }

    @Override
    public String describe() {
        return " (wrk -> business-service directly)";
    }

    @Override
    public List<LaunchSpec> specs(String authLatency) {
        return List.of(business);
    }

    @Override
    public URI url(RemoteConfig remote) {
        return remote.backend();
    }

    @Override
    public URI url(LabSystem apps, Extras extras) {
        return apps.get(Service.BUSINESS).uri("/hello");
    }

    @Override
    public boolean faultsApply() {
        return false;
    }

}
