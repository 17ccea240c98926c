package dev.perflab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

class SystemOptionsTests {

    @CommandLine.Command
    static class Holder {

        @CommandLine.Mixin
        SystemOptions system = new SystemOptions();

    }

    private static SystemOptions parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.system;
    }

    @Test
    void profilesMayBeSeparatedByCommasOrSpacesAsMakeUsersWriteThem() {
        assertThat(parse("--profiles", "log-quiet rid-fast").profiles()).containsExactly("log-quiet", "rid-fast");
        assertThat(parse("--profiles", "log-quiet,rid-fast").profiles()).containsExactly("log-quiet", "rid-fast");
        assertThat(parse("--profiles", "blocking, log-async  rid-fast").profiles()).containsExactly("blocking",
                "log-async", "rid-fast");
    }

    @Test
    void noProfilesByDefault() {
        assertThat(parse().profiles()).isEmpty();
    }

}
