package dev.perflab.lean;

import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

import io.netty.resolver.AddressResolverGroup;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.Connection;
import reactor.netty.ConnectionObserver;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.transport.TransportConfig;

/**
 * One connection pool per event-loop thread instead of one pool shared by all of them.
 *
 * <p>
 * Reactor Netty opens a new client connection on the event loop of the thread that asks
 * for it (colocation), but a shared pool hands any idle connection to any caller. Under
 * load a request read on event loop A then borrows a connection that lives on loop B: the
 * write is handed to B as a task (a wake-up through eventfd), the answer is read on B,
 * and the gateway's reply is handed back to A. With a pool per loop, every connection a
 * loop borrows was opened by that loop, so a request stays on one thread from the
 * client's read to the reply.
 *
 * <p>
 * A pool belongs to a thread that Reactor marks non-blocking (Reactor Netty's event loops
 * are); callers on other threads (tests, a thread pool) share one extra pool.
 */
public final class EventLoopLocalConnectionProvider implements ConnectionProvider {

    private final String name;

    private final Function<String, ConnectionProvider> factory;

    private final ConnectionProvider shared;

    private final Map<Thread, ConnectionProvider> perLoop = new ConcurrentHashMap<>();

    /**
     * @param name the pools are named {@code <name>-<thread name>}, and
     * {@code <name>-shared} for callers that are not event loops
     * @param factory builds one pool from its name
     */
    public EventLoopLocalConnectionProvider(String name, Function<String, ConnectionProvider> factory) {
        this.name = name;
        this.factory = factory;
        this.shared = factory.apply(name + "-shared");
    }

    @Override
    public Mono<? extends Connection> acquire(TransportConfig config, ConnectionObserver observer,
            Supplier<? extends SocketAddress> remoteAddress, AddressResolverGroup<?> resolverGroup) {
        return poolOfCurrentThread().acquire(config, observer, remoteAddress, resolverGroup);
    }

    ConnectionProvider poolOfCurrentThread() {
        if (!Schedulers.isInNonBlockingThread()) {
            return shared;
        }
        Thread thread = Thread.currentThread();
        ConnectionProvider pool = perLoop.get(thread);
        return pool != null ? pool : perLoop.computeIfAbsent(thread, t -> factory.apply(name + "-" + t.getName()));
    }

    /** How many event loops have a pool of their own so far. */
    public int eventLoopPools() {
        return perLoop.size();
    }

    @Override
    public void disposeWhen(SocketAddress address) {
        all().forEach(pool -> pool.disposeWhen(address));
    }

    @Override
    public Mono<Void> disposeLater() {
        return Flux.fromIterable(all()).flatMap(ConnectionProvider::disposeLater).then();
    }

    @Override
    public boolean isDisposed() {
        return shared.isDisposed();
    }

    @Override
    public int maxConnections() {
        return shared.maxConnections();
    }

    @Override
    public String name() {
        return name;
    }

    private List<ConnectionProvider> all() {
        List<ConnectionProvider> pools = new ArrayList<>(perLoop.values());
        pools.add(shared);
        return pools;
    }

    @Override
    public String toString() {
        return "EventLoopLocalConnectionProvider[" + name + ", " + perLoop.size() + " event-loop pools]";
    }

}
