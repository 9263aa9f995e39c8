package dev.backtestgate.cli.workflow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the {@code check} goal decides, from plain inputs: which gated tests produced a report in this build,
 * which are disabled, and why the others are missing.
 *
 * <pre>{@code
 * BuildCheck.Outcome o = BuildCheck.run(gatedTests, GateReports.read(reportDir), buildStart, surefire);
 * if (!o.missing().isEmpty()) throw new Refusal(CheckMessages.missing(o, ...));
 * }</pre>
 */
final class BuildCheck {
  private BuildCheck() {}

  /** Why a gated test left no report. */
  enum Cause {
    /** Surefire is not part of the build. */
    NO_SUREFIRE,
    /** Surefire older than 2.22.0: it runs no JUnit 5 tests. */
    OLD_SUREFIRE,
    /** A {@code -Dtest} filter selected other tests. */
    TEST_FILTER,
    /** Surefire's includes or excludes leave the class out. */
    INCLUDES,
    /** Surefire selected it, and still no report: it failed or was skipped before the gate, or reports go elsewhere. */
    NO_REPORT,
    /** The test runner's results name no test of its class: the run's filter left it out. */
    NOT_RUN,
    /** The test runner's results list it as skipped (disabled, an assumption, a condition). */
    SKIPPED,
    /** The test runner's results list it as failed or in error before the gate reported. */
    FAILED,
    /** The test runner's results list it as passed, and still no report: the reports went elsewhere. */
    PASSED_WITHOUT_REPORT
  }

  /**
   * A gated test that produced no report in this build.
   *
   * @param test the test
   * @param cause the likely cause
   * @param staleReport a report for it from an earlier build, or {@code null}
   */
  record Missing(GatedMethod test, Cause cause, GateReport staleReport) {}

  /**
   * Gated tests that write their reports under one gate id. In one JVM the second is refused; in separate Surefire
   * forks each writes the same report file and one report is lost, so the build is failed before any report is read.
   *
   * @param gateId the shared gate id
   * @param tests the tests that declare it (two or more, in scan order)
   */
  record SharedId(String gateId, List<GatedMethod> tests) {
    SharedId {
      tests = List.copyOf(tests);
    }
  }

  /**
   * The decision.
   *
   * @param gated every gated test found
   * @param ran the gated tests with a report from this build, each with its reports
   * @param disabled the {@code @Disabled} gated tests (listed, not failed)
   * @param missing the gated tests without a report from this build
   * @param freshReports every report written in this build (also of gates no scanned test names)
   * @param shared the gate ids that more than one enabled gated test declares
   */
  record Outcome(
      List<GatedMethod> gated,
      Map<GatedMethod, List<GateReport>> ran,
      List<GatedMethod> disabled,
      List<Missing> missing,
      List<GateReport> freshReports,
      List<SharedId> shared) {}

  /**
   * Decides.
   *
   * @param gated the gated tests of the module
   * @param reports the reports in the report directory
   * @param buildStart when this build started: only reports written since count
   * @param selection how the build selected and ran the tests: why a test may have left no report
   */
  static Outcome run(List<GatedMethod> gated, GateReports.Listing reports, Instant buildStart, TestSelection selection) {
    // File systems that keep whole seconds would make a report of this very second look older than the build.
    Instant since = Instant.ofEpochSecond(buildStart.getEpochSecond());
    List<GateReport> fresh = new ArrayList<>();
    List<GateReport> stale = new ArrayList<>();
    for (GateReport r : reports.reports()) {
      (r.modified().isBefore(since) ? stale : fresh).add(r);
    }
    Map<GatedMethod, List<GateReport>> ran = new LinkedHashMap<>();
    List<GatedMethod> disabled = new ArrayList<>();
    List<Missing> missing = new ArrayList<>();
    for (GatedMethod test : gated) {
      List<GateReport> own = fresh.stream().filter(r -> test.matches(r.gate())).toList();
      if (!own.isEmpty()) {
        ran.put(test, own);
      } else if (test.disabled() != null) {
        disabled.add(test);
      } else {
        GateReport old = stale.stream().filter(r -> test.matches(r.gate())).findFirst().orElse(null);
        missing.add(new Missing(test, selection.cause(test), old));
      }
    }
    return new Outcome(List.copyOf(gated), ran, disabled, missing, fresh, shared(gated));
  }

  /**
   * The ids more than one enabled test declares, ignoring case as the gate does (one file on a file system that
   * ignores case); a template's {@code id[n]} reports share its id too.
   */
  static List<SharedId> shared(List<GatedMethod> gated) {
    Map<String, List<GatedMethod>> byId = new LinkedHashMap<>();
    for (GatedMethod test : gated) {
      if (test.disabled() == null) {
        byId.computeIfAbsent(test.gateId().toLowerCase(Locale.ROOT), id -> new ArrayList<>()).add(test);
      }
    }
    return byId.entrySet().stream().filter(e -> e.getValue().size() > 1)
        .map(e -> new SharedId(e.getValue().get(0).gateId(), e.getValue())).toList();
  }
}
