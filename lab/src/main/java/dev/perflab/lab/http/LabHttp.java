package dev.perflab.lab.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Plain HTTP/1.1 GET and POST on loopback, for health checks, scrapes and single probe
 * requests.
 * <p>
 * A GET is read again when its connection fails on the way ({@link #ATTEMPTS} attempts in
 * all, a short pause between them): one dropped connection of a scrape under load must
 * not end a whole ladder, and reading a GET twice changes nothing. Not again: a refused
 * connection (nothing listens; health polls want that answer at once) and a request that
 * ran out its whole time. An exception that leaves here always names its type, as the
 * JDK's may carry no message at all.
 */
public final class LabHttp {

    static {
        // The JDK keeps idle connections 20 minutes; to a service that was stopped they
        // linger in
        // CLOSE_WAIT, holding a local port that the next service may need.
        if (System.getProperty("jdk.httpclient.keepalive.timeout") == null) {
            System.setProperty("jdk.httpclient.keepalive.timeout", "2");
        }
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(2))
        .build();

    static final int ATTEMPTS = 3;

    private static final List<Duration> PAUSES = List.of(Duration.ofMillis(100), Duration.ofMillis(400));

    private LabHttp() {
    }

    public static HttpResponse<String> get(URI uri, Map<String, String> headers) throws IOException {
        return get(uri, headers, Duration.ofSeconds(15), false);
    }

    /**
     * A reading the rung cannot go on without (a scrape, a metric): like
     * {@link #get(URI)}, but an attempt that gets no answer within {@link #READ_TIMEOUT}
     * is given up and asked again on a new connection, {@link #ATTEMPTS} attempts in all.
     * One scrape that stalled on a busy machine (CI saw one wait out 15 s, then end its
     * rung) must not end a run when the next one answers.
     */
    public static HttpResponse<String> read(URI uri) throws IOException {
        return read(uri, READ_TIMEOUT);
    }

    static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    static HttpResponse<String> read(URI uri, Duration perAttempt) throws IOException {
        return get(uri, Map.of(), perAttempt, true);
    }

    private static HttpResponse<String> get(URI uri, Map<String, String> headers, Duration timeout,
            boolean againAfterTimeout) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET();
        headers.forEach(request::header);
        HttpRequest built = request.build();
        for (int attempt = 1;; attempt++) {
            try {
                return send(built);
            }
            catch (IOException ex) {
                boolean again = worthRetrying(ex) || (againAfterTimeout && ex instanceof HttpTimeoutException);
                if (attempt == ATTEMPTS || !again || Thread.currentThread().isInterrupted()) {
                    throw named(
                            "GET " + uri
                                    + (attempt > 1 ? " failed " + attempt + " times, the last with " : " failed with "),
                            ex);
                }
                try {
                    Thread.sleep(PAUSES.get(attempt - 1).toMillis());
                }
                catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw named("GET " + uri + " failed with ", ex);
                }
            }
        }
    }

    /**
     * Whether reading again may help: the connection broke, or could not be made in time
     * on a busy machine.
     */
    private static boolean worthRetrying(IOException ex) {
        if (ex instanceof ConnectException) {
            return false;
        }
        return !(ex instanceof HttpTimeoutException) || ex instanceof HttpConnectTimeoutException;
    }

    /** The exception again, with a message that names its type and what failed. */
    private static IOException named(String what, IOException ex) {
        String message = ex.getMessage();
        return new IOException(
                what + ex.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message),
                ex);
    }

    public static HttpResponse<String> get(URI uri) throws IOException {
        return get(uri, Map.of());
    }

    /**
     * Sent once: a POST changes something, and a broken connection does not say whether
     * it did.
     */
    public static HttpResponse<String> post(URI uri) throws IOException {
        try {
            return send(HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(15))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        }
        catch (IOException ex) {
            throw named("POST " + uri + " failed with ", ex);
        }
    }

    private static HttpResponse<String> send(HttpRequest request) throws IOException {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + request.uri(), ex);
        }
    }

}
