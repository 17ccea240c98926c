package dev.perflab.lab.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** Plain HTTP/1.1 GET and POST on loopback, for health checks, scrapes and single probe requests. */
public final class LabHttp {

    static {
        // The JDK keeps idle connections 20 minutes; to a service that was stopped they linger in
        // CLOSE_WAIT, holding a local port that the next service may need.
        if (System.getProperty("jdk.httpclient.keepalive.timeout") == null) {
            System.setProperty("jdk.httpclient.keepalive.timeout", "2");
        }
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(2))
        .build();

    private LabHttp() {
    }

    public static HttpResponse<String> get(URI uri, Map<String, String> headers) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15)).GET();
        headers.forEach(request::header);
        return send(request.build());
    }

    public static HttpResponse<String> get(URI uri) throws IOException {
        return get(uri, Map.of());
    }

    public static HttpResponse<String> post(URI uri) throws IOException {
        return send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15)).POST(HttpRequest.BodyPublishers.noBody()).build());
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
