package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.perflab.lab.paired.LineupPlan;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.run.LeftOut;

/**
 * The rungs of a ladder file as the entrants of a paired make lab: the backend left out
 * (it is the req/s column's baseline), a rung the paired ladder cannot run left out with
 * one line saying why (refused under FAIL_ON), and nginx-cached added as the reference of
 * a gateway that caches auth answers.
 */
final class LadderEntrants {

    private LadderEntrants() {
    }

    /**
     * @param gatewayOnly GATEWAY_JAVA_OPTS, before each gateway rung's own options
     * @param authLatency the one auth-service's AUTH_LATENCY every rung shares
     * @param failOn FAIL_ON as given, empty for none
     * @param gatewayJar GATEWAY_JAR, the build every gateway rung runs; null for the
     * lab's
     */
    static List<LineupPlan.Entrant> of(List<Scenario> rungs, Path root, List<String> gatewayOnly, String authLatency,
            String failOn, Path gatewayJar, PrintWriter out) {
        List<LineupPlan.Entrant> entrants = new ArrayList<>();
        List<LeftOut> leftOut = new ArrayList<>();
        for (Scenario rung : rungs) {
            if (rung.target() == TargetKind.BACKEND) {
                out.println("rung " + rung.name() + " left out: the backend alone is the baseline of the req/s column "
                        + "(wrk on business-service in every pass)");
                continue;
            }
            LeftOut left = leftOut(rung, authLatency);
            if (left != null) {
                out.println(left.line());
                leftOut.add(left);
                continue;
            }
            Side side = rung.target() == TargetKind.NGINX
                    ? Side.of(rung.name(), rung.profiles().contains("auth-cache") ? "nginx-cached" : "nginx", "", null,
                            root)
                    : Side
                        .of(rung.name(),
                                String.join(",", rung.profiles().isEmpty() ? List.of("reactive") : rung.profiles()),
                                rung.javaOpts(), rung.jdk(), root, gatewayJar)
                        .withOptionsBefore(gatewayOnly);
            entrants.add(new LineupPlan.Entrant(rung.name(), rung.changes(), side));
        }
        LeftOut.refuseUnderGate(failOn, leftOut, entrants.stream().map(LineupPlan.Entrant::name).toList());
        boolean nginx = entrants.stream().anyMatch(entrant -> !entrant.gateway());
        boolean cachedNginx = entrants.stream().anyMatch(entrant -> !entrant.gateway() && entrant.caches());
        if (nginx && !cachedNginx && entrants.stream().anyMatch(entrant -> entrant.gateway() && entrant.caches())) {
            out.println("rung nginx-cached added: the reference for a gateway that caches auth answers is nginx with "
                    + "its auth subrequest cached (lab/nginx/auth-request-cached.conf)");
            entrants.add(new LineupPlan.Entrant("nginx-cached",
                    "reference for the auth cache - nginx with the auth subrequest's answers cached for 10 s",
                    Side.of("nginx-cached", "nginx-cached", "", null, root)));
        }
        return entrants;
    }

    /**
     * A gateway or nginx rung the paired ladder cannot run, and why; null when it can.
     */
    private static LeftOut leftOut(Scenario rung, String authLatency) {
        if (rung.authLatency() != null && !Objects.equals(rung.authLatency(), authLatency)) {
            return new LeftOut(rung.name(), "it sets auth_latency " + rung.authLatency()
                    + ", and every rung shares one auth-service at AUTH_LATENCY=" + authLatency);
        }
        return LeftOut.withoutJdk(rung);
    }

}
