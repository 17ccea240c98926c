package dev.perflab.gateway.mode;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.gateway.GatewayApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

class StartupChecksTests {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "lab.auth.client | blockng   | lab.auth.client is 'blockng'; pick one of blocking, offloaded, reactive, virtual",
            "lab.logging     | loud      | lab.logging is 'loud'; pick one of sync, async, quiet",
            "lab.request-id  | snowflake | lab.request-id is 'snowflake'; pick one of uuid, fast, lean",
            "lab.auth.timeout | soon     | lab.auth.timeout is 'soon': ",
            "lean.gateway.request-id-header | Host | lean.gateway.request-id-header is 'Host', a header that frames", })
    void aValueTheBinderCannotTakeIsOneLineNamingTheValidOnes(String property, String value, String message) {
        assertThat(StartupChecks.problem(new MockEnvironment().withProperty(property, value)))
            .hasValueSatisfying(problem -> assertThat(problem).startsWith(message).doesNotContain("\n"));
    }

    @Test
    void modesBindFromTheirTagsInAnyCase() {
        MockEnvironment environment = new MockEnvironment().withProperty("lab.auth.client", "Offloaded")
            .withProperty("lab.logging", "quiet")
            .withProperty("lab.request-id", "FAST");
        assertThat(StartupChecks.problem(environment)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "lean | ''           | lab.request-id is 'lean' and lean.gateway.request-id-header is not set",
            "lean | false        | lab.request-id is 'lean' and lean.gateway.request-id-header is not set",
            "fast | X-Request-Id | lean.gateway.request-id-header is 'X-Request-Id' and lab.request-id is not 'lean'", })
    void gatewayLeansRequestIdNeedsBothItsModeAndItsHeader(String mode, String header, String message) {
        MockEnvironment environment = new MockEnvironment().withProperty("lab.request-id", mode)
            .withProperty("lean.gateway.request-id-header", header);
        assertThat(StartupChecks.problem(environment))
            .hasValueSatisfying(problem -> assertThat(problem).startsWith(message).doesNotContain("\n"));
        assertThat(StartupChecks.problem(environment.withProperty("lab.request-id", "lean")
            .withProperty("lean.gateway.request-id-header", "X-Request-Id"))).isEmpty();
    }

    @Test
    void anUnknownProfileIsReportedBeforeAnyValue() {
        MockEnvironment environment = new MockEnvironment().withProperty("lab.auth.client", "blockng");
        environment.setActiveProfiles("blockng");
        assertThat(StartupChecks.problem(environment))
            .hasValueSatisfying(problem -> assertThat(problem).contains("unknown profile"));
    }

    @Test
    void theApplicationItselfRefusesABadModeEvenWithoutTheseChecks() {
        SpringApplication app = new SpringApplication(GatewayApplication.class);
        Throwable failure = catchThrowable(
                () -> app.run("--lab.auth.client=blockng", "--server.port=0", "--lab.log.dir=target/test-logs"));
        while (failure != null && !(failure instanceof BindException)) {
            failure = failure.getCause();
        }
        assertThat(failure).isInstanceOfSatisfying(BindException.class,
                bind -> assertThat(bind.getName()).hasToString("lab.auth.client"));
    }

    @Test
    void theGatewaysMainPrintsTheProblemAsOneLineAndExitsWith2() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process gateway = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                GatewayApplication.class.getName(), "--lab.request-id=snowflake", "--server.port=0",
                "--lab.log.dir=target/test-logs")
            .redirectOutput(new File("target/startup-checks-stdout.log"))
            .start();
        try {
            assertThat(gateway.waitFor(60, TimeUnit.SECONDS)).as("gateway exited").isTrue();
            String stderr = new String(gateway.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(gateway.exitValue()).isEqualTo(StartupChecks.EXIT_BAD_CONFIGURATION);
            assertThat(stderr.lines().toList())
                .isEqualTo(List.of("gateway: lab.request-id is 'snowflake'; pick one of uuid, fast, lean"));
        }
        finally {
            gateway.destroyForcibly();
        }
    }

}
