/**
 * The lab runner, in layers (drawn in {@code runner-layers.json}, checked by
 * {@code ArchitectureTests}): {@code cli} checks the options once and builds a run plan
 * from them; {@code run} (orchestration, with {@code RunOpening} the one way a paired run
 * opens; {@code paired} for the paired targets) runs the plan through the drivers
 * ({@code runtime}: local, compose, remote or Kubernetes; {@code load}, {@code stats},
 * {@code profile}, {@code targets}) on the infrastructure ({@code system}, {@code http},
 * {@code metrics}) and writes a results folder; {@code report} and {@code compare} read
 * such a folder through the model ({@code result}, {@code verdict}, {@code capacity}),
 * which is plain data and knows no targets, load generators or processes;
 * {@code pairedreport} renders the paired targets' reports from {@code paired}'s results
 * for the commands. Never: model to infrastructure or drivers, report to orchestration or
 * back, infrastructure to model; and no package cycle. Shared base types
 * ({@link LabException}, {@link Durations}) sit in this package, below every layer.
 */
package dev.perflab.lab;
