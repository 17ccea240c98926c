package dev.perflab.auth;

import java.util.Set;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The token check the gateway calls on every request: 200 for a configured token, 401
 * otherwise, after the injected latency, and 500 for the injected share of failures.
 */
@RestController
class AuthController {

    private final Set<String> validTokens;

    private final FaultSettings faults;

    private final PreciseSleeper sleeper;

    AuthController(AuthProperties properties, FaultSettings faults, PreciseSleeper sleeper) {
        this.validTokens = Set.copyOf(properties.tokens());
        this.faults = faults;
        this.sleeper = sleeper;
    }

    @GetMapping("/auth")
    ResponseEntity<String> check(@RequestParam(name = "token", required = false) String token,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
        return answer(firstPresent(bearer(authorization), token));
    }

    @PostMapping("/auth")
    ResponseEntity<String> checkPost(@RequestParam(name = "token", required = false) String token,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            @RequestBody(required = false) String body) {
        return answer(firstPresent(bearer(authorization), firstPresent(token, fromBody(body))));
    }

    private ResponseEntity<String> answer(String token) {
        sleeper.sleep(faults.current().latency().nextNanos());
        if (faults.failNow()) {
            return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body("injected failure\n");
        }
        if (token != null && validTokens.contains(token)) {
            return ResponseEntity.ok("ok\n");
        }
        return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
            .body(token == null ? "missing token\n" : "invalid token\n");
    }

    static String bearer(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String token = authorization.substring(7).trim();
        return token.isEmpty() ? null : token;
    }

    static String fromBody(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        String trimmed = body.trim();
        return trimmed.startsWith("token=") ? trimmed.substring("token=".length()) : trimmed;
    }

    private static String firstPresent(String first, String second) {
        return (first != null && !first.isEmpty()) ? first : second;
    }

}
