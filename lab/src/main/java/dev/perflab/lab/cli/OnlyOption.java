package dev.perflab.lab.cli;

import java.util.List;

import picocli.CommandLine.Option;

/** ONLY, declared once for every command that picks rungs of a ladder. */
public class OnlyOption {

    @Option(names = "--only", split = ",", defaultValue = "${env:ONLY:-}",
            description = "Only these rungs, e.g. reactive,log-quiet,nginx (make pair-ladder: each paired with the one before it among them; "
                    + "make capacity: default the file's capacity: list).")
    List<String> only = List.of();

    /** The rungs named, trimmed; empty for every rung. */
    public List<String> names() {
        return only == null ? List.of() : only.stream().map(String::trim).filter(n -> !n.isEmpty()).toList();
    }

}
