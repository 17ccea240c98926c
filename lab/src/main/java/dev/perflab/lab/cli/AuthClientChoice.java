package dev.perflab.lab.cli;

import java.util.ArrayList;
import java.util.List;

import dev.perflab.common.AuthClientMode;
import dev.perflab.common.ModeValue;
import dev.perflab.lab.LabException;

/**
 * The lab gateway's Spring profiles from AUTH_CLIENT and GATEWAY_PROFILES, with one
 * meaning on every target that starts it: GATEWAY_PROFILES are the gateway's profiles,
 * and AUTH_CLIENT, where given, picks the auth client in front of them. An auth client
 * named in GATEWAY_PROFILES alone is taken as the client (never paired with a default the
 * user did not type); two clients are one line before anything starts.
 */
final class AuthClientChoice {

    private AuthClientChoice() {
    }

    /**
     * The profiles to start the gateway with, the auth client first; {@code authClient}
     * is null where AUTH_CLIENT was not given.
     */
    static List<String> profiles(AuthClientMode authClient, List<String> profiles) {
        List<String> clients = ModeValue.tags(AuthClientMode.class);
        List<String> named = profiles.stream().filter(clients::contains).distinct().toList();
        String client;
        if (authClient == null) {
            if (named.size() > 1) {
                throw new LabException(
                        "GATEWAY_PROFILES names " + named.size() + " auth clients (" + String.join(" and ", named)
                                + "): a gateway has one; give it once, as AUTH_CLIENT=" + named.get(0));
            }
            client = named.isEmpty() ? AuthClientMode.REACTIVE.tag() : named.get(0);
        }
        else {
            client = authClient.tag();
            List<String> other = named.stream().filter(name -> !name.equals(client)).toList();
            if (!other.isEmpty()) {
                throw new LabException("AUTH_CLIENT=" + client + " and GATEWAY_PROFILES=" + String.join(",", profiles)
                        + " name two auth clients (" + client + " and " + String.join(" and ", other)
                        + "): give the client once, as AUTH_CLIENT");
            }
        }
        List<String> all = new ArrayList<>(List.of(client));
        profiles.stream().filter(profile -> !profile.equals(client)).forEach(all::add);
        return all;
    }

}
