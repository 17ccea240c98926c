package dev.perflab.lab.run;

import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.Slo;
import picocli.CommandLine.Option;

/** The knobs of make capacity: the latency objective and, optionally, the rates to offer instead of a search. */
public class CapacityOptions {

    @Option(names = "--slo", defaultValue = "${env:SLO:-p99:10ms}",
            description = "The latency objective a step must meet, e.g. p99:10ms or p99.9:50ms (default: ${DEFAULT-VALUE}).")
    String slo;

    @Option(names = "--rates", defaultValue = "${env:RATES:-}",
            description = "Offered rates in req/s to measure instead of searching, e.g. 500,1000,2000 (default: search).")
    String rates;

    public Slo slo() {
        return Slo.parse(slo);
    }

    /** The given rates, or empty for an automatic search; a bad list is one line. */
    public List<Double> rates() {
        List<Double> parsed = new ArrayList<>();
        if (rates == null || rates.isBlank()) {
            return parsed;
        }
        for (String part : rates.split("[,\\s]+")) {
            if (part.isBlank()) {
                continue;
            }
            try {
                double rate = Double.parseDouble(part);
                if (rate <= 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
                    throw new NumberFormatException();
                }
                parsed.add(rate);
            }
            catch (NumberFormatException ex) {
                throw new LabException("RATES must be positive req/s separated by commas, such as 500,1000,2000; '" + part + "' is not one");
            }
        }
        return parsed;
    }

    public void validate() {
        slo();
        rates();
    }
}
