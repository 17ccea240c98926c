package dev.perflab.support;

import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;

/**
 * An app with nothing in it but what spring.factories brings, kept alive until something
 * stops it.
 */
@SpringBootConfiguration
public class WatchedApp {

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(WatchedApp.class);
        app.setDefaultProperties(Map.of("spring.main.keep-alive", "true"));
        app.run(args);
        System.out.println("watched app started");
    }

}
