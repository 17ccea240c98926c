package dev.perflab.lean;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * A stock Spring Cloud Gateway application with gateway-lean on its class path, as a user
 * adds it: nothing of the library is named, its auto-configuration does the rest.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
class LeanTestApplication {

}
