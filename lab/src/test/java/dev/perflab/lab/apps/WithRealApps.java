package dev.perflab.lab.apps;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;

/**
 * Starts the real business-service and auth-service once per test class and stops them
 * after it.
 */
abstract class WithRealApps {

    static RealApps apps;

    @BeforeAll
    static void startBackends(TestInfo test) {
        apps = RealApps.start(test.getTestClass().orElseThrow());
    }

    @AfterAll
    static void stopBackends() {
        if (apps != null) {
            apps.close();
            apps = null;
        }
    }

}
