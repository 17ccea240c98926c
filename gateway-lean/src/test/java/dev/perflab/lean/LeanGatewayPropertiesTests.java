package dev.perflab.lean;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metadata an IDE shows for {@code lean.gateway.*}, as
 * {@code spring-boot-configuration-processor} writes it from
 * {@link LeanGatewayProperties}: one entry for each lever's property, each with a
 * description, and each on/off lever off by default.
 */
class LeanGatewayPropertiesTests {

    static final List<String> SWITCHES = List.of(OnePassHeadersAutoConfiguration.PROPERTY,
            OneWriteAnswerAutoConfiguration.PROPERTY, LoopLocalPoolsAutoConfiguration.PROPERTY,
            LoopLocalGlobalPoolAutoConfiguration.PROPERTY, LeanPathFiltersAutoConfiguration.PROPERTY);

    @Test
    void everyLeverIsDescribedAndOffByDefault() throws IOException {
        Map<String, Map<String, Object>> properties = metadata();
        assertThat(properties.keySet())
            .containsExactlyInAnyOrderElementsOf(concat(SWITCHES, RequestIdAutoConfiguration.PROPERTY));
        properties.forEach(
                (name, property) -> assertThat((String) property.get("description")).as(name).hasSizeGreaterThan(40));
        for (String name : SWITCHES) {
            assertThat(properties.get(name)).as(name)
                .containsEntry("type", "java.lang.Boolean")
                .containsEntry("defaultValue", false);
        }
        assertThat(properties.get(RequestIdAutoConfiguration.PROPERTY)).containsEntry("type", "java.lang.String")
            .doesNotContainKey("defaultValue");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> metadata() throws IOException {
        try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
            Map<String, Object> json = JsonParserFactory.getJsonParser()
                .parseMap(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            Map<String, Map<String, Object>> byName = new TreeMap<>();
            for (Object property : (List<Object>) json.get("properties")) {
                Map<String, Object> entry = (Map<String, Object>) property;
                byName.put((String) entry.get("name"), entry);
            }
            return byName;
        }
    }

    private static List<String> concat(List<String> names, String name) {
        return Stream.concat(names.stream(), Stream.of(name)).toList();
    }

}
