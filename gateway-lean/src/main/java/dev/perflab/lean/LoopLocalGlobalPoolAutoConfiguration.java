package dev.perflab.lean;

import reactor.netty.http.HttpResources;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Reactor Netty's global connection pool becomes one pool per event loop
 * ({@link EventLoopLocalConnectionProvider}) when
 * {@code lean.gateway.loop-local-global-pool} is true (off unless set).
 *
 * <p>
 * The global pool is the one every client without a pool of its own borrows from: a
 * {@code WebClient.builder()} built in the application's code (the usual auth call in a
 * {@code GlobalFilter}), Spring Boot's {@code WebClient.Builder},
 * {@code HttpClient.create()}. Shared by all event loops, it hands a request read on one
 * loop a connection that lives on another, and the call crosses threads twice. No line of
 * the application changes: the global pool is replaced before any bean is created, so
 * nothing has borrowed from the old one. Trade: each event loop's pool holds Reactor
 * Netty's default limits ({@link ConnectionProvider#DEFAULT_POOL_MAX_CONNECTIONS}
 * connections), so the application may open that many per loop; the pool is the whole
 * JVM's, not only this context's.
 */
@AutoConfiguration
@ConditionalOnProperty(name = LoopLocalGlobalPoolAutoConfiguration.PROPERTY, havingValue = "true")
public class LoopLocalGlobalPoolAutoConfiguration {

    public static final String PROPERTY = LeanGatewayProperties.PREFIX + ".loop-local-global-pool";

    /**
     * The name Reactor Netty gives its global HTTP pool; each loop's pool is named after
     * it.
     */
    static final String POOL_NAME = "http";

    @Bean
    static BeanFactoryPostProcessor loopLocalGlobalPool() {
        return LoopLocalGlobalPoolAutoConfiguration::install;
    }

    /**
     * Installs the per-loop pools as Reactor Netty's global pool and registers them as a
     * bean ({@link EventLoopLocalConnectionProvider}, to see how many loops borrowed).
     */
    static void install(ConfigurableListableBeanFactory beanFactory) {
        EventLoopLocalConnectionProvider pools = new EventLoopLocalConnectionProvider(POOL_NAME,
                ConnectionProvider::create);
        HttpResources.set(pools);
        beanFactory.registerSingleton("leanGlobalConnectionPools", pools);
    }

}
