package dev.perflab.lab.load;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;

/**
 * Several URLs offered one rate round-robin, so each gets rate/N at the same moments as
 * the others (a pair's two sides): by one vegeta here, or by every agent at once, each
 * agent running the same round-robin at its share of the rate. Each agent's share is the
 * same number of requests per second for every URL (the per-URL rate split over the
 * agents, {@link LoadAgent#split}), so both sides of a pair are offered the same schedule
 * by every agent in the same seconds. Each URL's result is its agents' merged by
 * {@link LoadResult#together}, their requests kept apart.
 */
final class EachTarget {

    private EachTarget() {
    }

    static LinkedHashMap<URI, LoadResult> offer(VegetaGenerator generator, List<URI> urls, String header,
            Duration duration) {
        List<LoadAgent> agents = generator.agents();
        int rate = generator.load().rate();
        urls.forEach(generator::checkReachable);
        Path vegeta = VegetaInstaller.ensure(generator.root(), generator.out());
        Path dir = VegetaFiles.resultsFolder();
        try {
            Path target = dir.resolve("target.txt");
            StringBuilder targets = new StringBuilder();
            urls.forEach(url -> targets.append(VegetaGenerator.target(url, header)));
            Files.writeString(target, targets, StandardCharsets.UTF_8);
            int[] rates = rates(rate, urls.size(), agents.size());
            List<Path> results = new ArrayList<>();
            for (int i = 0; i < rates.length; i++) {
                results.add(dir.resolve("agent-" + (i + 1) + ".bin"));
            }
            generator.attack(vegeta, rates, duration, target, results, dir);
            Map<URI, List<LoadResult>> byAgent = new LinkedHashMap<>();
            for (int i = 0; i < rates.length; i++) {
                Path json = dir.resolve("agent-" + (i + 1) + ".json");
                VegetaFiles.run(vegeta, "encode", List.of("-to=json", "-output=" + json),
                        List.of(results.get(i).toString()));
                Map<String, VegetaResults.Parsed> parsed;
                try (Reader reader = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
                    parsed = VegetaResults.parseByUrl(reader, rates[i]);
                }
                for (URI url : urls) {
                    VegetaResults.Parsed own = parsed.get(url.toString());
                    if (own == null) {
                        throw new LabException("vegeta" + (agents.isEmpty() ? "" : " of agent " + agents.get(i).host())
                                + " sent no request to " + url + " in " + duration.toMillis() + " ms at " + rates[i]
                                + " req/s");
                    }
                    byAgent.computeIfAbsent(url, u -> new ArrayList<>())
                        .add(new LoadResult(own.requests(), own.scheduleMicros(), own.errors(), own.socketErrors(),
                                own.successes(), own.latency(), own.histogram(), "", ""));
                }
            }
            LinkedHashMap<URI, LoadResult> each = new LinkedHashMap<>();
            byAgent.forEach((url, parts) -> each.put(url,
                    agents.isEmpty() ? parts.get(0) : LoadResult.together(parts, "", "")));
            return each;
        }
        catch (IOException ex) {
            throw new LabException("cannot write or read vegeta's files: " + ex.getMessage(), ex);
        }
        finally {
            VegetaFiles.delete(dir);
        }
    }

    /**
     * Each agent's rate: one vegeta the whole rate; with agents, the rate of one URL
     * split over them, times the URLs, so that every agent sends each URL as many
     * requests as the others.
     */
    static int[] rates(int rate, int urls, int agents) {
        if (agents == 0) {
            return new int[] { rate };
        }
        if (rate == 0) {
            throw new LabException("load agents offer an open-model rate; the closed loop (CLOSED_LOOP=yes) runs one "
                    + "vegeta on this machine");
        }
        if (rate % urls != 0) {
            return LoadAgent.split(rate, agents);
        }
        int[] rates = LoadAgent.split(rate / urls, agents);
        for (int i = 0; i < rates.length; i++) {
            rates[i] *= urls;
        }
        return rates;
    }

}
