package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The build check, for any build tool: every {@code @LeakageGated} test of the compiled test classes produced a
 * gate report in this run, or the check fails naming the tests and the likely cause; a gate that failed in this run
 * fails it too. Writes the SARIF file of the failed gates into the report directory; never writes into the review
 * directory. The Maven goal {@code check} and the command {@code backtest-gate check} both run this.
 *
 * <pre>{@code
 * GatedRunCheck.run(new GatedRunCheck.Inputs(testClasses, classpath, reportDir, since,
 *     JUnitXmlResults.read(resultsDir), List.of(), sourceRoots, projectRoot), System.out::println, System.err::println);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class GatedRunCheck {
  private GatedRunCheck() {}

  /**
   * What the check reads.
   *
   * @param testClasses the compiled test classes (scanned for {@code @LeakageGated}, never loaded)
   * @param classpath the test class path, for annotations and superclasses outside {@code testClasses}
   * @param reportDir where the gates wrote their reports
   * @param since when the test run started: only reports written since count
   * @param selection how the build selected and ran the tests (Surefire's setup, or the JUnit XML results)
   * @param failingTests failing test classes the build ignored, each one line; empty when failures fail the build
   * @param testSourceRoots where the test sources are, to locate failed gates in the SARIF file
   * @param projectRoot the repository checkout: SARIF paths are relative to it
   */
  public record Inputs(Path testClasses, List<Path> classpath, Path reportDir, Instant since, TestSelection selection,
      List<String> failingTests, List<Path> testSourceRoots, Path projectRoot) {
    /** Copies the lists. */
    public Inputs {
      classpath = List.copyOf(classpath);
      failingTests = List.copyOf(failingTests);
      testSourceRoots = List.copyOf(testSourceRoots);
    }
  }

  /**
   * Runs the check; prints what it found on the way.
   *
   * @return how many gated tests produced a report (0 when the test classes hold none)
   * @throws Refusal a gated test left no report, two tests share a gate id, or a gate failed
   */
  public static int run(Inputs in, Consumer<String> info, Consumer<String> warn) throws Refusal {
    List<GatedMethod> gated;
    try (ClassIndex index = new ClassIndex(in.testClasses(), in.classpath())) {
      gated = GatedTestScanner.scan(index);
    }
    GateReports.Listing reports = GateReports.read(in.reportDir());
    BuildCheck.Outcome outcome = BuildCheck.run(gated, reports, in.since(), in.selection());
    if (!outcome.shared().isEmpty()) {
      throw new Refusal(CheckMessages.sharedIds(outcome.shared()));
    }
    for (GatedMethod test : outcome.disabled()) {
      info.accept("backtest-gate: " + test.name() + " is " + test.disabled() + ": not run, not checked.");
    }
    for (String line : reports.skipped()) {
      warn.accept("backtest-gate: skipped " + in.reportDir().resolve(line));
    }
    List<GateReport> failed = outcome.freshReports().stream().filter(GateReport::failed).toList();
    Path sarif = null;
    if (!gated.isEmpty() || !outcome.freshReports().isEmpty()) {
      sarif = SarifFile.write(in.reportDir(), outcome, in.testSourceRoots(), in.projectRoot());
      int missing = outcome.missing().size();
      String of = (failed.isEmpty() ? "" : failed.size() == 1 ? "the failed gate" : "the " + failed.size()
          + " failed gates") + (failed.isEmpty() || missing == 0 ? "" : " and ") + (missing == 0 ? ""
          : missing == 1 ? "the gated test without a report" : "the " + missing + " gated tests without a report");
      info.accept("backtest-gate: " + (of.isEmpty() ? "SARIF (no gate failed, so it lists no result): "
          : "SARIF of " + of + ": ") + sarif);
    }
    if (!outcome.missing().isEmpty()) {
      throw new Refusal(CheckMessages.missing(outcome.missing(), in.selection(), in.reportDir()));
    }
    if (!failed.isEmpty() || !in.failingTests().isEmpty()) {
      throw new Refusal(CheckMessages.failedGates(failed, in.failingTests(), sarif));
    }
    int ran = gated.size() - outcome.disabled().size();
    if (!gated.isEmpty()) {
      info.accept("backtest-gate: all " + ran + " gated tests produced a gate report in this build ("
          + in.reportDir() + ").");
    }
    return ran;
  }

  /** The warning when the check is turned off. */
  public static String skipped(String how) {
    return CheckMessages.skipped(how);
  }

  /** The SARIF file's name in the report directory. */
  public static final String SARIF_FILE = Sarif.FILE_NAME;

  /** The property that turns the Maven check off. */
  public static final String SKIP_PROPERTY = CheckMessages.SKIP_PROPERTY;

  /** The failing test classes in Surefire's XML reports written since {@code since}, one line each. */
  public static List<String> surefireFailures(Path reportsDir, Instant since) {
    return SurefireResults.failing(reportsDir, since);
  }
}
