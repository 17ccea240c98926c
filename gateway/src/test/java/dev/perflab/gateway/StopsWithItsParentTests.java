package dev.perflab.gateway;

import dev.perflab.support.ParentProcessWatcher;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The app watches LAB_PARENT_PID (app-support's ParentProcessWatcherTests runs a real app
 * that does).
 */
class StopsWithItsParentTests {

    @Test
    void theParentWatcherIsAmongTheAppsListeners() {
        assertThat(new SpringApplication(GatewayApplication.class).getListeners())
            .hasAtLeastOneElementOfType(ParentProcessWatcher.class);
    }

}
