package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChartsCommandTests {

    @TempDir
    Path dir;

    private Path collapsed() throws IOException {
        return Files.write(dir.resolve("collapsed.txt"),
                List.of("[reactor-http-epoll-1 tid=11];java/lang/Thread.run;a;b;c 40",
                        "[reactor-http-epoll-2 tid=12];java/lang/Thread.run;a 10",
                        "[C2 CompilerThre tid=7];x;y;z;w;v;u;t 5"));
    }

    @Test
    void aFlameGraphCanBeCutDownToTheEventLoopThreads() throws IOException {
        Path kept = ChartPictures.threadsOnly(collapsed(), "reactor-http", dir.resolve("kept.txt"));
        assertThat(Files.readAllLines(kept)).hasSize(2).allMatch(line -> line.startsWith("[reactor-http-epoll-"));
        assertThatThrownBy(() -> ChartPictures.threadsOnly(collapsed(), "nope", dir.resolve("none.txt")))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("no samples of threads nope*");
    }

    @Test
    void theScreenshotIsTallEnoughForTheDeepestStack() throws IOException {
        Path deep = Files.write(dir.resolve("deep.txt"), List.of("[t tid=1]" + ";f".repeat(100) + " 1"));
        assertThat(ChartPictures.flameHeight(deep)).isEqualTo(80 + (101 + 2) * 16);
        assertThat(ChartPictures.flameHeight(collapsed())).as("shallow stacks keep the default")
            .isEqualTo(ChartPictures.FLAME_HEIGHT);
        assertThat(ChartPictures.flameHeight(dir.resolve("missing.txt"))).isEqualTo(ChartPictures.FLAME_HEIGHT);
        Path huge = Files.write(dir.resolve("huge.txt"), List.of("[t tid=1]" + ";f".repeat(5000) + " 1"));
        assertThat(ChartPictures.flameHeight(huge)).isEqualTo(ChartPictures.FLAME_MAX_HEIGHT);
    }

}
