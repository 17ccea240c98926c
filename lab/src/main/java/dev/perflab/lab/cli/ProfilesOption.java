package dev.perflab.lab.cli;

import java.util.List;

import picocli.CommandLine.Option;

/** GATEWAY_PROFILES, declared once: the lab gateway's Spring profiles. */
public class ProfilesOption {

    @Option(names = { "--gateway-profiles", "--profiles" }, defaultValue = "${env:GATEWAY_PROFILES:-}",
            split = "[,\\s]+",
            description = "Gateway Spring profiles (GATEWAY_PROFILES, once PROFILES), comma- or space-separated, e.g. blocking,log-quiet; none is the reactive client (default here: '${DEFAULT-VALUE}').")
    List<String> profiles = List.of();

    public List<String> profiles() {
        return profiles == null ? List.of() : profiles.stream().map(String::trim).filter(p -> !p.isEmpty()).toList();
    }

}
