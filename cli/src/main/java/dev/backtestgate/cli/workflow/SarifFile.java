package dev.backtestgate.cli.workflow;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the check's outcome into SARIF results and writes {@code <report dir>/backtest-gate.sarif} atomically.
 *
 * <pre>{@code
 * Path sarif = SarifFile.write(reportDir, outcome, testSourceRoots, projectRoot);
 * }</pre>
 */
final class SarifFile {
  /** The rule of a gate that failed without an unresolved finding (its review failed on its own). */
  static final String GATE_FAILED = "gate-failed";

  private SarifFile() {}

  /**
   * The results: one per unresolved finding kind of each failed gate of this build, one per gated test that did not
   * run.
   */
  static List<Sarif.Result> results(BuildCheck.Outcome outcome, List<Path> testSourceRoots) {
    List<Sarif.Result> results = new ArrayList<>();
    Set<GateReport> located = new HashSet<>();
    for (Map.Entry<GatedMethod, List<GateReport>> ran : outcome.ran().entrySet()) {
      Optional<SourceLines.Found> source = SourceLines.find(ran.getKey().location(), testSourceRoots);
      for (GateReport report : ran.getValue()) {
        located.add(report);
        if (report.failed()) {
          results.addAll(failed(report, source));
        }
      }
    }
    for (GateReport report : outcome.freshReports()) {
      if (report.failed() && !located.contains(report)) {
        results.addAll(failed(report, Optional.empty()));
      }
    }
    for (BuildCheck.Missing missing : outcome.missing()) {
      GatedMethod test = missing.test();
      Optional<SourceLines.Found> source = SourceLines.find(test.location(), testSourceRoots);
      results.add(new Sarif.Result(test.gateId(), FindingKinds.NOT_RUN, List.of(FindingKinds.NOT_RUN),
          "Gated test did not run: " + test.name() + " produced no gate report in this build ("
              + describe(missing.cause()) + "); see the build log of backtest-gate:check.",
          source.map(SourceLines.Found::file).orElse(null), source.map(SourceLines.Found::line).orElse(0), null, null));
    }
    return results;
  }

  /** One result per unresolved kind of a failed gate; a gate failed with none (a review that fails alone) is one. */
  private static List<Sarif.Result> failed(GateReport report, Optional<SourceLines.Found> source) {
    List<String> kinds = report.unresolved().stream().map(GateReport.Finding::kind).distinct().toList();
    String name = report.file().getFileName().toString();
    Path html = report.file().resolveSibling(name.substring(0, name.length() - ".json".length()) + ".html");
    Path page = Files.isRegularFile(html) ? html : null;
    Path file = source.map(SourceLines.Found::file).orElse(null);
    int line = source.map(SourceLines.Found::line).orElse(0);
    if (kinds.isEmpty()) {
      return List.of(new Sarif.Result(report.gate(), GATE_FAILED, List.of(GATE_FAILED), report.headline(), file, line,
          report.file(), page));
    }
    List<Sarif.Result> results = new ArrayList<>();
    for (String kind : kinds) {
      results.add(new Sarif.Result(report.gate(), kind, kinds, kinds.size() == 1 ? report.headline()
          : report.headline(kind), file, line, report.file(), page));
    }
    return results;
  }

  private static String describe(BuildCheck.Cause cause) {
    return switch (cause) {
      case NO_SUREFIRE -> "Surefire is not part of the build";
      case OLD_SUREFIRE -> "Surefire older than 2.22.0 runs no JUnit 5 tests";
      case TEST_FILTER -> "a -Dtest filter left it out";
      case INCLUDES -> "Surefire's includes do not select its class";
      case NO_REPORT -> "it failed or was skipped before the gate judged it";
      case NOT_RUN -> "the test run's filter left its class out";
      case SKIPPED -> "the test run skipped it";
      case FAILED -> "it failed before the gate judged it";
      case PASSED_WITHOUT_REPORT -> "it ran, but its report went to another directory";
    };
  }

  /** Writes the SARIF file; returns its path. */
  static Path write(Path reportDir, BuildCheck.Outcome outcome, List<Path> testSourceRoots, Path projectRoot) {
    Path file = reportDir.resolve(Sarif.FILE_NAME);
    String text = Sarif.write(results(outcome, testSourceRoots), projectRoot.toAbsolutePath().normalize(),
        Versions.PLUGIN);
    ReviewWorkspace.write(file, text);
    return file;
  }
}
