/**
 * make trend: the history's series (a figure on one machine, measured in the same seconds
 * as its reference), their change points found by Apache Otava, and trend.md and
 * trend.html that name the commit where each series moved.
 */
package dev.perflab.lab.trend;
