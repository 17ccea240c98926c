package dev.perflab.gateway.mode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class JvmRuntimeTests {

    @Test
    void theCollectorIsNamedByItsBeans() {
        assertThat(JvmRuntime.gc(List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation")))
            .isEqualTo("g1");
        assertThat(JvmRuntime.gc(List.of("PS Scavenge", "PS MarkSweep"))).isEqualTo("parallel");
        assertThat(JvmRuntime.gc(List.of("Copy", "MarkSweepCompact"))).isEqualTo("serial");
        assertThat(JvmRuntime.gc(List.of("ZGC Minor Cycles", "ZGC Major Cycles"))).isEqualTo("z");
        assertThat(JvmRuntime.gc(List.of("Shenandoah Pauses", "Shenandoah Cycles"))).isEqualTo("shenandoah");
    }

    @Test
    void theAllocatorIsNamedByItsClass() {
        assertThat(JvmRuntime.allocator("PooledByteBufAllocator")).isEqualTo("pooled");
        assertThat(JvmRuntime.allocator("AdaptiveByteBufAllocator")).isEqualTo("adaptive");
        assertThat(JvmRuntime.allocator("UnpooledByteBufAllocator")).isEqualTo("unpooled");
    }

}
