package dev.perflab.lab.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.perflab.lab.LabException;
import dev.perflab.lab.metrics.ActuatorMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One broken connection does not end a scrape (and with it a whole {@code make lab}); a
 * read that keeps failing says which exception it was. A real HTTP server on loopback
 * breaks the connection of the requests it is told to fail: half-way through the answer's
 * body (the JDK's client does not retry that itself), or before any byte of it (the JDK's
 * client retries a GET once itself).
 */
class LabHttpTests {

    private HttpServer server;

    private final AtomicInteger requests = new AtomicInteger();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aGetWhoseFirstAnswerBreaksOffIsReadOnTheNextAttempt() throws IOException {
        URI uri = serve(Break.HALF_WAY, 1, 200, "# HELP process_cpu_usage\n");
        HttpResponse<String> response = LabHttp.get(uri);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("# HELP process_cpu_usage\n");
        assertThat(requests).hasValue(2);
    }

    @Test
    void aGetWhoseConnectionDropsTwiceUnansweredIsReadOnTheNextAttempt() throws IOException {
        URI uri = serve(Break.BEFORE_ANSWER, 2, 200, "# HELP process_cpu_usage\n");
        assertThat(LabHttp.get(uri).body()).isEqualTo("# HELP process_cpu_usage\n");
        assertThat(requests).hasValue(3);
    }

    @Test
    void aGetThatKeepsFailingGivesUpAfterThreeAttemptsNamingTheException() {
        URI uri = serve(Break.HALF_WAY, Integer.MAX_VALUE, 200, "never");
        assertThatThrownBy(() -> LabHttp.get(uri)).isInstanceOf(IOException.class)
            .hasMessageStartingWith("GET " + uri + " failed 3 times, the last with IOException: ");
        assertThat(requests).hasValue(LabHttp.ATTEMPTS);
    }

    /**
     * A scrape that gets no answer in time is asked again on a new connection, where the
     * server (no longer stalled) answers.
     */
    @Test
    void aReadWhoseFirstAttemptStallsIsAskedAgain() throws IOException {
        URI uri = serve(Break.STALL, 1, 200, "# HELP process_cpu_usage\n");
        HttpResponse<String> response = LabHttp.read(uri, Duration.ofMillis(300));
        assertThat(response.body()).isEqualTo("# HELP process_cpu_usage\n");
        assertThat(requests).hasValue(2);
    }

    @Test
    void aReadThatKeepsStallingGivesUpAfterThreeAttemptsNamingTheTimeout() {
        URI uri = serve(Break.STALL, Integer.MAX_VALUE, 200, "never");
        assertThatThrownBy(() -> LabHttp.read(uri, Duration.ofMillis(300))).isInstanceOf(IOException.class)
            .hasMessageStartingWith("GET " + uri + " failed 3 times, the last with HttpTimeoutException");
        assertThat(requests).hasValue(LabHttp.ATTEMPTS);
    }

    /**
     * Nothing listens: said at once, not retried (health polls wait for exactly this to
     * stop).
     */
    @Test
    void aRefusedConnectionIsNotRetriedAndNamed() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        URI uri = URI.create("http://127.0.0.1:" + closed + "/actuator/health");
        assertThatThrownBy(() -> LabHttp.get(uri)).isInstanceOf(IOException.class)
            .hasMessage("GET " + uri + " failed with ConnectException");
    }

    /** An answer is an answer, whatever its status: asked once. */
    @Test
    void anErrorStatusIsReturnedNotRetried() throws IOException {
        URI uri = serve(Break.HALF_WAY, 0, 503, "down");
        assertThat(LabHttp.get(uri).statusCode()).isEqualTo(503);
        assertThat(requests).hasValue(1);
    }

    /**
     * POST changes something (a fault's setting): a broken connection does not say
     * whether it did, so it is not sent again.
     */
    @Test
    void aPostIsSentOnce() {
        URI uri = serve(Break.HALF_WAY, Integer.MAX_VALUE, 200, "never");
        assertThatThrownBy(() -> LabHttp.post(uri)).isInstanceOf(IOException.class)
            .hasMessageStartingWith("POST " + uri + " failed with ");
        assertThat(requests).hasValue(1);
    }

    @Test
    void aMetricsReadSurvivesOneDroppedConnection() {
        URI uri = serve(Break.HALF_WAY, 1, 200,
                "{\"name\":\"jvm.compilation.time\",\"measurements\":[{\"statistic\":\"COUNT\",\"value\":1234.0}],\"availableTags\":[]}");
        assertThat(new ActuatorMetrics(uri.resolve("/")).statistic("jvm.compilation.time", Map.of(), "COUNT"))
            .isEqualTo(1234.0);
    }

    @Test
    void aMetricsReadThatFailsNamesTheExceptionNotNull() {
        URI uri = serve(Break.BEFORE_ANSWER, Integer.MAX_VALUE, 200, "never");
        assertThatThrownBy(() -> new ActuatorMetrics(uri.resolve("/")).count("http.server.requests", Map.of()))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "cannot read metrics from " + uri.resolve("/actuator/metrics/http.server.requests") + ": GET ")
            .hasMessageContaining("Exception")
            .hasMessageNotContaining(": null");
    }

    @Test
    void anExceptionWithoutMessageIsDescribedByItsType() {
        assertThat(LabException.describe(new IOException())).isEqualTo("IOException");
        assertThat(LabException.describe(new IOException(""))).isEqualTo("IOException");
        assertThat(LabException.describe(new IOException(" no space left "))).isEqualTo(" no space left ");
        IOException wrapped = new IOException((String) null);
        wrapped.initCause(new java.io.EOFException());
        assertThat(LabException.describe(wrapped)).isEqualTo("IOException (caused by EOFException)");
    }

    private enum Break {

        BEFORE_ANSWER, HALF_WAY, STALL

    }

    /**
     * Serves {@code body} with {@code status}, after breaking the first {@code failures}
     * requests' connections as {@code how} says.
     */
    private URI serve(Break how, int failures, int status, String body) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        server.createContext("/",
                exchange -> answer(exchange, requests.incrementAndGet() <= failures ? how : null, status, body));
        // a stalled answer must not hold up the next request
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/actuator/prometheus");
    }

    private static void answer(HttpExchange exchange, Break how, int status, String body) throws IOException {
        if (how == Break.STALL) {
            try {
                Thread.sleep(2_000);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        if (how == Break.BEFORE_ANSWER) {
            // the server closes the connection of a handler that throws, before any byte
            // of an answer
            throw new IllegalStateException("dropped on purpose");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, how == Break.HALF_WAY ? bytes.length + 100 : bytes.length);
        exchange.getResponseBody().write(bytes);
        // with fewer bytes than announced the server closes the connection here: the
        // answer breaks off
        exchange.close();
    }

}
