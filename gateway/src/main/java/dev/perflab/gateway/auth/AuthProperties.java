package dev.perflab.gateway.auth;

import dev.perflab.common.AuthClientMode;
import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the gateway checks tokens: where auth-service is, which client calls it, how long
 * to wait, and the optional cache of positive answers.
 */
@ConfigurationProperties("lab.auth")
public record AuthProperties(URI url, AuthClientMode client, Duration timeout, Pool pool, Cache cache) {

    /**
     * Connection pool of the RestTemplate's HttpClient 5, as in the published lab: 500
     * total, 50 per route.
     */
    public record Pool(int maxTotal, int maxPerRoute) {
    }

    public record Cache(boolean enabled, Duration ttl, long maximumSize) {
    }

    URI checkUri() {
        return url.resolve("/auth");
    }
}
