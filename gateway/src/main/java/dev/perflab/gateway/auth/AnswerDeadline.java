package dev.perflab.gateway.auth;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.ScheduledFuture;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientRequest;
import reactor.netty.http.client.HttpClientResponse;

/**
 * A deadline for the whole answer of a Reactor Netty call, status line to the last byte
 * of the body: a timer on the connection's own event loop, started when the request is
 * sent and cancelled when the answer is complete. When it fires, the call fails with
 * Netty's {@link ReadTimeoutException} and the connection is closed. A per-read timeout
 * (Reactor Netty's {@code responseTimeout}) never fires for an answer that trickles in a
 * byte at a time; this does, and costs one timer per call, as that one does.
 * <p>
 * The request and the response of one call are the same Reactor Netty object; the timer
 * is kept on the channel with it, so a connection back in the pool and borrowed by the
 * next call never has its new timer cancelled, nor closed, by the last call's.
 */
final class AnswerDeadline {

    private static final AttributeKey<AnswerDeadline> KEY = AttributeKey.valueOf("lab.auth.answer-deadline");

    private final Object call;

    private final ScheduledFuture<?> timer;

    private AnswerDeadline(Object call, ScheduledFuture<?> timer) {
        this.call = call;
        this.timer = timer;
    }

    static HttpClient on(HttpClient client, Duration deadline) {
        long nanos = deadline.toNanos();
        return client.doOnRequest((request, connection) -> start(request, connection, nanos))
            .doAfterResponseSuccess(AnswerDeadline::end);
    }

    private static void start(HttpClientRequest request, Connection connection, long nanos) {
        Channel channel = connection.channel();
        AnswerDeadline previous = channel.attr(KEY).getAndSet(null);
        if (previous != null) {
            previous.timer.cancel(false);
        }
        ScheduledFuture<?> timer = channel.eventLoop()
            .schedule(() -> expire(channel, request), nanos, TimeUnit.NANOSECONDS);
        channel.attr(KEY).set(new AnswerDeadline(request, timer));
    }

    private static void expire(Channel channel, Object call) {
        AnswerDeadline current = channel.attr(KEY).get();
        if (current == null || current.call != call || !channel.isActive()) {
            return;
        }
        channel.attr(KEY).set(null);
        channel.pipeline().fireExceptionCaught(ReadTimeoutException.INSTANCE);
        channel.close();
    }

    private static void end(HttpClientResponse response, Connection connection) {
        Channel channel = connection.channel();
        AnswerDeadline current = channel.attr(KEY).get();
        if (current != null && current.call == response) {
            channel.attr(KEY).set(null);
            current.timer.cancel(false);
        }
    }

}
