/**
 * The paired targets' rendering: report.md of make lab, advise and trend COMMITS=,
 * compare.md of make compare and pair-ladder, their end-of-run console lines and
 * FAIL_ON's ✓/✗ line per step, from the paired result types of {@code paired}. Commands
 * call it; a run calls it back through the render function it is given, and knows no
 * report. It reads paired results, so it stands beside {@code report} (which reads a run
 * folder and knows no run) until the paired results are records of {@code result}.
 */
package dev.perflab.lab.pairedreport;
