package dev.perflab.gateway.routing;

import org.springframework.test.context.ActiveProfiles;

/**
 * The path guard's contract under the strip-prefix profile, whose StripPrefix=1 drops the
 * first raw segment whatever it is: {@code /servic%65/actuator/prometheus} matched the
 * route's {@code Path=/service/**} (decoded) and reached the backend's
 * {@code /actuator/prometheus} (issue 37). Every case of {@link PathGuardGatewayTests},
 * with the same answers and the same paths at the backend.
 */
@ActiveProfiles("strip-prefix")
class StripPrefixPathGuardGatewayTests extends PathGuardGatewayTests {

}
