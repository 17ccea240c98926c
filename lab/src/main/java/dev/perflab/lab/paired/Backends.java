package dev.perflab.lab.paired;

import java.nio.file.Path;

/**
 * The two backends of a paired run, started once for the whole run, and how its sides
 * start in front of them: JVMs on this machine ({@link LocalBackends}) or containers on
 * the host's network ({@link ContainerBackends}, RUNTIME=compose). Chosen by
 * {@link Stages}.
 */
interface Backends extends AutoCloseable {

    int businessPort();

    int authPort();

    /**
     * auth-service's and business-service's CPU ms so far, in that order; one that ended
     * is one line.
     */
    double[] cpuMillis();

    /** Starts a side on its port in front of these backends, without waiting for it. */
    StartedSide start(SideSettings settings, Path dir, String who, Side side, int port);

    /** Stops both backends. */
    @Override
    void close();

}
