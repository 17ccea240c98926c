package dev.perflab.gateway.routing;

import org.springframework.test.context.ActiveProfiles;

/**
 * The path guard's contract under the strip-lean profile, whose LeanStripPrefix=1 drops
 * the first raw segment as StripPrefix=1 does, from the URL the routing filter calls:
 * every case of {@link PathGuardGatewayTests}, with the same answers and the same paths
 * at the backend.
 */
@ActiveProfiles("strip-lean")
class StripLeanPathGuardGatewayTests extends PathGuardGatewayTests {

}
