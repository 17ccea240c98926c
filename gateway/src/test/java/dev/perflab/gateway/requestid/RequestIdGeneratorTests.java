package dev.perflab.gateway.requestid;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestIdGeneratorTests {

    @Test
    void uuidIsARandomVersion4Uuid() {
        assertThat(RequestIdGenerator.UUID.get())
            .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    }

    @Test
    void fastIsSixteenHexDigitsAndDoesNotRepeat() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RequestIdGenerator.FAST.get();
            assertThat(id).matches("[0-9a-f]{16}");
            seen.add(id);
        }
        assertThat(seen).hasSize(10_000);
    }

}
