package dev.perflab.gateway.mode;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LabProfilesTests {

    @Test
    void everyKnownProfileCombinesWithOneOfEachGroup() {
        assertThat(LabProfiles
            .problem(List.of("blocking", "log-sync", "rid-uuid", "auth-cache", "blockhound", "loop-pools"), 17))
            .isEmpty();
        assertThat(LabProfiles.problem(List.of(), 17)).isEmpty();
    }

    @Test
    void unknownProfileIsNamedWithTheKnownOnes() {
        assertThat(LabProfiles.problem(List.of("reactive", "blockng"), 17)).hasValueSatisfying(
                message -> assertThat(message).contains("unknown profile 'blockng'").contains("blocking, offloaded"));
    }

    @Test
    void twoChoicesFromOneGroupExcludeEachOther() {
        assertThat(LabProfiles.problem(List.of("blocking", "reactive"), 17))
            .hasValueSatisfying(message -> assertThat(message).contains("blocking and reactive exclude each other"));
        assertThat(LabProfiles.problem(List.of("log-sync", "log-quiet"), 17)).isPresent();
        assertThat(LabProfiles.problem(List.of("rid-uuid", "rid-fast"), 17)).isPresent();
    }

    @Test
    void virtualThreadsNeedJdk21() {
        assertThat(LabProfiles.problem(List.of("virtual"), 17))
            .hasValueSatisfying(message -> assertThat(message).contains("needs JDK 21").contains("this JVM is 17"));
        assertThat(LabProfiles.problem(List.of("virtual"), 21)).isEmpty();
    }

}
