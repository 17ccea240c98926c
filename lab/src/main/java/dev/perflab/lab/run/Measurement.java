package dev.perflab.lab.run;

/**
 * One thing a rung measures after its warm-up (the closed loop, a fixed rate, a profiled
 * window, a capacity search), built and checked once per command, before anything starts.
 * The rung runner runs a command's measurements in order, with the stats sampler running,
 * and each adds its part.
 */
interface Measurement {

    /**
     * Called once the rung's apps run, before the warm-up: for what the user must know
     * then.
     */
    default void started(Rung rung) {
    }

    /**
     * Measures the rung, adding what it found to {@code parts}; the parts before it are
     * there to read.
     */
    void measure(Rung rung, RungParts parts);

}
