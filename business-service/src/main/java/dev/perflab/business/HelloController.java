package dev.perflab.business;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The backend the gateway routes to. It echoes {@code X-Request-Id} so a caller can see
 * which id the gateway sent downstream.
 */
@RestController
class HelloController {

    static final String REQUEST_ID = "X-Request-Id";
    static final int MAX_DELAY_MS = 10_000;

    @GetMapping("/hello")
    String hello(@RequestHeader(name = REQUEST_ID, required = false) String requestId, HttpServletResponse response) {
        echo(requestId, response);
        return "Hello World!";
    }

    @GetMapping("/delay")
    ResponseEntity<String> delay(@RequestParam(name = "ms", required = false) String ms,
            @RequestHeader(name = REQUEST_ID, required = false) String requestId, HttpServletResponse response)
            throws InterruptedException {
        int millis;
        try {
            millis = Integer.parseInt(ms == null ? "" : ms.trim());
        }
        catch (NumberFormatException ex) {
            return badDelay(ms);
        }
        if (millis < 0 || millis > MAX_DELAY_MS) {
            return badDelay(ms);
        }
        Thread.sleep(millis);
        echo(requestId, response);
        return ResponseEntity.ok("Hello World! (after " + millis + " ms)");
    }

    private static ResponseEntity<String> badDelay(String ms) {
        return ResponseEntity.badRequest()
            .body("ms must be a whole number of milliseconds from 0 to " + MAX_DELAY_MS + ", got '" + ms + "'\n");
    }

    private static void echo(String requestId, HttpServletResponse response) {
        if (requestId != null) {
            response.setHeader(REQUEST_ID, requestId);
        }
    }

}
