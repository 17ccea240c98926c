package dev.perflab.stock;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Cloud Gateway as a user writes one: its route in application.yml, a bearer
 * token checked by an auth service on every request ({@link BearerTokenFilter}), the
 * defaults everywhere else.
 */
@SpringBootApplication
public class StockGatewayApplication {

    public static void main(String[] args) {
        SpringApplication.run(StockGatewayApplication.class, args);
    }

}
