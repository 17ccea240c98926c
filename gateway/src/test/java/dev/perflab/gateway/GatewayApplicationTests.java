package dev.perflab.gateway;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GatewayApplicationTests {

    @Test
    void theEventLoopsEndWithoutAQuietPeriod() {
        Properties system = new Properties();
        GatewayApplication.endEventLoopsAtOnce(system);
        assertThat(system.getProperty("reactor.netty.ioShutdownQuietPeriod")).isEqualTo("0");
    }

    @Test
    void aQuietPeriodSetOnTheCommandLineStays() {
        Properties system = new Properties();
        system.setProperty("reactor.netty.ioShutdownQuietPeriod", "2");
        GatewayApplication.endEventLoopsAtOnce(system);
        assertThat(system.getProperty("reactor.netty.ioShutdownQuietPeriod")).isEqualTo("2");
    }

}
