package dev.perflab.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perflab.common.LatencySpec;

/**
 * Changes the injected latency and error rate while the service runs, so a fault can be
 * injected in the middle of a load test. Answers only callers on the loopback interface.
 *
 * <pre>curl -X POST 'http://127.0.0.1:38073/admin/fault?latency=20ms&amp;errorRate=0.05'</pre>
 */
@RestController
class FaultAdminController {

    private final FaultSettings faults;

    private final SleepGranularity granularity;

    FaultAdminController(FaultSettings faults, SleepGranularity granularity) {
        this.faults = faults;
        this.granularity = granularity;
    }

    @GetMapping("/admin/fault")
    ResponseEntity<Object> show(HttpServletRequest request) {
        if (!fromLoopback(request)) {
            return forbidden();
        }
        return ResponseEntity.ok(describe());
    }

    @PostMapping("/admin/fault")
    ResponseEntity<Object> change(@RequestParam(name = "latency", required = false) String latency,
            @RequestParam(name = "errorRate", required = false) String errorRate, HttpServletRequest request) {
        if (!fromLoopback(request)) {
            return forbidden();
        }
        FaultSettings.Faults now = faults.current();
        try {
            LatencySpec newLatency = (latency == null) ? now.latency() : LatencySpec.parse(latency);
            double newRate = (errorRate == null) ? now.errorRate() : parseRate(errorRate);
            faults.set(new FaultSettings.Faults(newLatency, newRate));
        }
        catch (IllegalArgumentException ex) {
            return ResponseEntity.badRequest().body(Map.of("error", ex.getMessage()));
        }
        return ResponseEntity.ok(describe());
    }

    private Map<String, Object> describe() {
        FaultSettings.Faults now = faults.current();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("latency", now.latency().text());
        out.put("errorRate", now.errorRate());
        out.put("measuredSleepMicros", granularity.medianMicros());
        return out;
    }

    private static double parseRate(String text) {
        try {
            return Double.parseDouble(text.trim());
        }
        catch (NumberFormatException ex) {
            throw new IllegalArgumentException("errorRate must be a number between 0 and 1, got '" + text + "'");
        }
    }

    private static boolean fromLoopback(HttpServletRequest request) {
        try {
            return InetAddress.getByName(request.getRemoteAddr()).isLoopbackAddress();
        }
        catch (UnknownHostException ex) {
            return false;
        }
    }

    private static ResponseEntity<Object> forbidden() {
        return ResponseEntity.status(HttpStatus.FORBIDDEN)
            .body(Map.of("error", "the admin endpoint answers loopback callers only"));
    }

}
