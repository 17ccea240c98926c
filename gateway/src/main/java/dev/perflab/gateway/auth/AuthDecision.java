package dev.perflab.gateway.auth;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

import org.apache.hc.client5.http.ConnectTimeoutException;

/**
 * What the gateway makes of one auth call: the status the client gets and a short reason.
 */
public enum AuthDecision {

    ALLOWED(200, "allowed"), DENIED(401, "invalid token"), FAILED(502, "auth service answered with an error"),
    UNAVAILABLE(503, "auth service unavailable"), TIMEOUT(504, "auth service timed out");

    private final int status;

    private final String reason;

    AuthDecision(int status, String reason) {
        this.status = status;
        this.reason = reason;
    }

    public int status() {
        return status;
    }

    public String reason() {
        return reason;
    }

    /** The Micrometer tag value. */
    public String outcome() {
        return name().toLowerCase();
    }

    static AuthDecision fromStatus(int status) {
        if (status >= 200 && status < 300) {
            return ALLOWED;
        }
        if (status == 401 || status == 403) {
            return DENIED;
        }
        return FAILED;
    }

    /**
     * A call that got no answer: too slow is a timeout, anything else means unreachable.
     */
    static AuthDecision fromFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectTimeoutException || cause instanceof ConnectException) {
                return UNAVAILABLE;
            }
            if (cause instanceof SocketTimeoutException || cause instanceof TimeoutException
                    || cause instanceof io.netty.handler.timeout.TimeoutException) {
                return TIMEOUT;
            }
        }
        return UNAVAILABLE;
    }

}
