package dev.perflab.lab.stats;

/**
 * Writes the stats log of a run while it is open: the /proc sampler locally, docker stats
 * in compose.
 */
public interface StatsSampler extends AutoCloseable {

    StatsSampler start();

    /** CPU the sampler itself used, as a share of one core over its lifetime. */
    double ownCpuPercentOfOneCore();

    @Override
    void close();

}
