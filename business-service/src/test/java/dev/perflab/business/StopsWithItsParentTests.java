package dev.perflab.business;

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
        assertThat(new SpringApplication(BusinessApplication.class).getListeners())
            .hasAtLeastOneElementOfType(ParentProcessWatcher.class);
    }

}
