package dev.perflab.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A plain Spring Cloud Gateway: its one route is in application.yml. */
@SpringBootApplication
public class OwnGatewayApplication {

    public static void main(String[] args) {
        SpringApplication.run(OwnGatewayApplication.class, args);
    }

}
