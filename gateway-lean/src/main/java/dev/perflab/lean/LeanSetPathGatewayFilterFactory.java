package dev.perflab.lean;

import java.util.List;
import java.util.Map;

import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.web.util.UriTemplate;

/**
 * {@code LeanSetPath=/template} in a route: the path of the URL the routing filter calls
 * set from the template, as {@code SetPath} sets it (the path predicate's variables
 * expanded), but without {@code request.mutate()} and {@code exchange.mutate()}, and a
 * template without variables expanded once, not on every request. Like
 * {@link LeanStripPrefixGatewayFilterFactory} it runs right after the URL to route to is
 * known: the backend gets the same path and query as with {@code SetPath}; filters of the
 * gateway still see the request's own path, and it comes after every other path filter of
 * the route.
 */
public class LeanSetPathGatewayFilterFactory
        extends AbstractGatewayFilterFactory<LeanSetPathGatewayFilterFactory.Config> {

    public LeanSetPathGatewayFilterFactory() {
        super(Config.class);
    }

    @Override
    public List<String> shortcutFieldOrder() {
        return List.of("template");
    }

    @Override
    public GatewayFilter apply(Config config) {
        String template = config.getTemplate();
        if (template == null || template.isBlank()) {
            throw new IllegalArgumentException("LeanSetPath needs a template, e.g. LeanSetPath=/hello/{segment}");
        }
        UriTemplate uriTemplate = new UriTemplate(template);
        String fixed = uriTemplate.getVariableNames().isEmpty() ? uriTemplate.expand(Map.of()).getRawPath() : null;
        return RoutedPath.filter("LeanSetPath[template = " + template + "]", (exchange, rawPath) -> fixed != null
                ? fixed : uriTemplate.expand(ServerWebExchangeUtils.getUriTemplateVariables(exchange)).getRawPath());
    }

    /** The path template, with the path predicate's variables in braces. */
    public static class Config {

        private String template;

        public String getTemplate() {
            return template;
        }

        public void setTemplate(String template) {
            this.template = template;
        }

    }

}
