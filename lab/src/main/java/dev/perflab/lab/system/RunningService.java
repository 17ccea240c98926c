package dev.perflab.lab.system;

import java.net.URI;
import java.nio.file.Path;

/**
 * A service this lab started: its process (the only kind of process the lab ever stops),
 * port and log.
 */
public record RunningService(LaunchSpec spec, Commands.Child child, Path log) implements Endpoint {

    @Override
    public Service service() {
        return spec.service();
    }

    public Process process() {
        return child.process();
    }

    public long pid() {
        return child.pid();
    }

    @Override
    public boolean foreign() {
        return spec.isForeign();
    }

    @Override
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + spec.port());
    }

    @Override
    public URI uri(String pathAndQuery) {
        return baseUri().resolve(pathAndQuery);
    }
}
