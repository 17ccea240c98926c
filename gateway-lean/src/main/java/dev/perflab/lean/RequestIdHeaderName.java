package dev.perflab.lean;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;

/**
 * The names {@code lean.gateway.request-id-header} may take. The id is set last in the
 * routed request's headers, after the hop-by-hop and forwarded headers are removed, so a
 * name that HTTP gives a meaning of its own would reach the backend with a random value.
 * Refused, as the one set of names whose value is the protocol's, not the application's:
 * <ul>
 * <li>the Fetch standard's forbidden request-header names, which a browser lets no script
 * set because they frame or route the message or carry the user's identity:
 * {@code Content-Length}, {@code Transfer-Encoding}, {@code Connection}, {@code Host},
 * {@code Cookie}, {@code Expect}, ..., and every {@code Proxy-*} and {@code Sec-*};</li>
 * <li>Spring Cloud Gateway's hop-by-hop set ({@code TE}, {@code Upgrade},
 * {@code Keep-Alive}, ...), which describes one connection, not the request;</li>
 * <li>what Fetch leaves to scripts but a gateway must not overwrite: the credentials
 * ({@code Authorization}), the body's description ({@code Content-*}) and the headers a
 * backend trusts for the client's address and the gateway's own name ({@code Forwarded},
 * {@code X-Forwarded-*}, {@code X-Real-IP}, {@code Max-Forwards}).</li>
 * </ul>
 */
final class RequestIdHeaderName {

    /** An HTTP header name: a token (RFC 9110, 5.6.2). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    private static final Set<String> REFUSED = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

    private static final List<String> REFUSED_PREFIXES = List.of("proxy-", "sec-", "content-", "x-forwarded-");

    static {
        // https://fetch.spec.whatwg.org/#forbidden-request-header
        REFUSED.addAll(List.of("Accept-Charset", "Accept-Encoding", "Access-Control-Request-Headers",
                "Access-Control-Request-Method", "Connection", "Content-Length", "Cookie", "Cookie2", "Date", "DNT",
                "Expect", "Host", "Keep-Alive", "Origin", "Referer", "Set-Cookie", "TE", "Trailer", "Transfer-Encoding",
                "Upgrade", "Via", "X-HTTP-Method", "X-HTTP-Method-Override", "X-Method-Override"));
        REFUSED.addAll(RemoveHopByHopHeadersFilter.HEADERS_REMOVED_ON_REQUEST);
        REFUSED.addAll(List.of("Authorization", "Forwarded", "X-Real-IP", "Max-Forwards"));
    }

    private RequestIdHeaderName() {
    }

    /**
     * The header name as given, trimmed; {@code null} when the lever is off (not set,
     * blank or {@code false}).
     * @throws IllegalArgumentException with one line saying why, for a name that is not a
     * token or that HTTP gives a meaning of its own
     */
    static String check(String value) {
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("false")) {
            return null;
        }
        String name = value.trim();
        if (!TOKEN.matcher(name).matches()) {
            throw new IllegalArgumentException(RequestIdAutoConfiguration.PROPERTY + " is '" + value
                    + "': give a header name of letters, digits and -, e.g. X-Request-Id");
        }
        if (refused(name)) {
            throw new IllegalArgumentException(RequestIdAutoConfiguration.PROPERTY + " is '" + name
                    + "', a header that frames, routes or authenticates a request (or describes its body), "
                    + "which a random id would break: give a name of your own, e.g. X-Request-Id");
        }
        return name;
    }

    private static boolean refused(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return REFUSED.contains(name) || REFUSED_PREFIXES.stream().anyMatch(lower::startsWith);
    }

}
