package dev.perflab.gateway.mode;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.netty.buffer.ByteBufAllocator;
import reactor.netty.resources.LoopResources;

/**
 * What the gateway runs on, as the lean ladder's rungs change it: Netty's buffer
 * allocator, the transport (native epoll, or NIO), the JDK's feature version and the
 * garbage collector. Read from the running JVM, not from the options it was given, so a
 * run can prove what it measured.
 */
final class JvmRuntime {

    private JvmRuntime() {
    }

    static Map<String, String> describe() {
        Map<String, String> runtime = new LinkedHashMap<>();
        runtime.put("allocator", allocator(ByteBufAllocator.DEFAULT.getClass().getSimpleName()));
        runtime.put("transport", LoopResources.DEFAULT_NATIVE && LoopResources.hasNativeSupport() ? "native" : "nio");
        runtime.put("jdk", Integer.toString(java.lang.Runtime.version().feature()));
        runtime.put("gc", gc(
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList()));
        return runtime;
    }

    /** "PooledByteBufAllocator" as "pooled", "AdaptiveByteBufAllocator" as "adaptive". */
    static String allocator(String className) {
        return className.replace("ByteBufAllocator", "").toLowerCase(Locale.ROOT);
    }

    /**
     * The collector by the names of its beans: G1, Parallel ("PS Scavenge"), Serial
     * ("Copy"), ZGC, Shenandoah.
     */
    static String gc(List<String> collectors) {
        String all = String.join(",", collectors);
        if (all.contains("G1")) {
            return "g1";
        }
        if (all.contains("PS ") || all.contains("Parallel")) {
            return "parallel";
        }
        if (all.contains("Copy") || all.contains("MarkSweepCompact")) {
            return "serial";
        }
        if (all.contains("ZGC")) {
            return "z";
        }
        return all.contains("Shenandoah") ? "shenandoah" : all.toLowerCase(Locale.ROOT);
    }

}
