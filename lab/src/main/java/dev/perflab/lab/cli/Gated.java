package dev.perflab.lab.cli;

import dev.perflab.lab.capacity.Slo;
import picocli.CommandLine.Mixin;

/**
 * A measuring command that takes SLO as its gate (capacity's SLO is its search's
 * objective instead).
 */
abstract class Gated extends Measuring {

    @Mixin
    GateOptions gate;

    @Override
    Slo slo() {
        return gate.slo();
    }

}
