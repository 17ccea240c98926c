package dev.perflab.gateway.logging;

import dev.perflab.common.ModeValue;

/**
 * How the request log is written ({@code lab.logging}, set by the {@code log-<tag>}
 * profiles): Logback does the work ({@code logback-spring.xml}), this names it in the
 * gateway's mode.
 */
public enum RequestLogging implements ModeValue {

    SYNC, ASYNC, QUIET

}
