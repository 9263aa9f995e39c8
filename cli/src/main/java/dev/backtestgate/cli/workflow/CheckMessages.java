package dev.backtestgate.cli.workflow;

import dev.backtestgate.config.GateConfig;
import dev.backtestgate.cli.workflow.BuildCheck.Cause;
import dev.backtestgate.cli.workflow.BuildCheck.Missing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code check} goal's texts: headline first (what is wrong), then why it matters, then the exact fix as a
 * pom fragment or command.
 *
 * <pre>{@code
 * String text = CheckMessages.missing(outcome.missing(), surefire, reportDir);
 * }</pre>
 */
final class CheckMessages {
  /** The property that turns the check off. */
  static final String SKIP_PROPERTY = GateConfig.CHECK_SKIP_KEY;

  private CheckMessages() {}

  /** The failure text for gated tests without a report from this build. */
  static String missing(List<Missing> missing, TestSelection selection, Path reportDir) {
    StringBuilder out = new StringBuilder();
    out.append(missing.size() == 1 ? "1 @LeakageGated test" : missing.size() + " @LeakageGated tests")
        .append(" produced no gate report in this build, so no leakage gate judged ")
        .append(missing.size() == 1 ? "it" : "them").append(":\n");
    Map<Cause, List<Missing>> byCause = new LinkedHashMap<>();
    for (Missing m : missing) {
      byCause.computeIfAbsent(m.cause(), c -> new ArrayList<>()).add(m);
    }
    for (Missing m : missing) {
      out.append("  - ").append(m.test().name());
      if (!m.test().gateId().equals(m.test().name())) {
        out.append(" (gate ").append(m.test().gateId()).append(')');
      }
      if (m.staleReport() != null) {
        out.append(" (the report ").append(m.staleReport().file().getFileName())
            .append(" is from an earlier build and does not count)");
      }
      out.append('\n');
    }
    out.append("Why: a gated backtest that did not run is not a pass. Nothing checked these models for leaked "
        + "future data, yet the build would have been green.\n");
    for (Map.Entry<Cause, List<Missing>> entry : byCause.entrySet()) {
      out.append('\n').append(selection.explain(entry.getKey(), entry.getValue(), reportDir));
    }
    out.append("\nOnly if these backtests must not run in this build: ").append(selection.turnOff()).append('.');
    return out.toString();
  }

  static String explain(Cause cause, List<Missing> tests, SurefireSetup surefire, Path reportDir) {
    return switch (cause) {
      case NO_SUREFIRE -> "Likely cause: maven-surefire-plugin is not part of this build, so no test ran.\n"
          + "Fix: add it to <build><plugins> of the pom:\n" + surefireFragment(null);
      case OLD_SUREFIRE -> "Likely cause: maven-surefire-plugin " + surefire.version()
          + ("2.12.4".equals(surefire.version()) ? " (the version Maven 3.x uses when the pom names none)" : "")
          + " runs no JUnit 5 tests: JUnit Jupiter needs Surefire 2.22.0 or later, so these tests were never "
          + "discovered (\"Tests run: 0\").\n"
          + "Fix: pin Surefire " + Versions.SUREFIRE + " in <build><plugins> of the pom:\n" + surefireFragment(null);
      case TEST_FILTER -> "Likely cause: -Dtest=" + surefire.testFilter() + " ran only the tests it names.\n"
          + "Fix: run mvn verify without -Dtest to check the gates; for a deliberately partial run add -D"
          + SKIP_PROPERTY + "=true.";
      case INCLUDES -> includes(tests, surefire);
      case NO_REPORT -> "Likely cause: Surefire selected " + (tests.size() == 1 ? "this test" : "these tests")
          + ", yet no report written in this build under " + reportDir + " names "
          + (tests.size() == 1 ? "it" : "them") + ": the test failed or was skipped before the gate judged it "
          + "(an exception, an assumption, a condition such as @EnabledOnOs; -Dmaven.test.failure.ignore hides "
          + "failures), or the tests write their reports to another directory.\n"
          + "Fix: read the test's result in target/surefire-reports. If the tests set backtestgate.report-dir, "
          + "give this plugin the same directory: <configuration><reportDirectory>...</reportDirectory>"
          + "</configuration>, or -Dbacktestgate.report-dir=....";
      default -> throw new IllegalArgumentException(cause + " is the test runner's results' cause, not Surefire's");
    };
  }

  private static String includes(List<Missing> tests, SurefireSetup surefire) {
    Set<String> classes = new LinkedHashSet<>();
    tests.forEach(m -> classes.add(m.test().topLevelClass()));
    Set<String> patterns = new LinkedHashSet<>(surefire.effectiveIncludes());
    for (String c : classes) {
      patterns.add(suggestedPattern(c));
    }
    StringBuilder fix = new StringBuilder("    <plugin>\n      <groupId>org.apache.maven.plugins</groupId>\n"
        + "      <artifactId>maven-surefire-plugin</artifactId>\n      <version>" + surefire.version()
        + "</version>\n      <configuration>\n        <includes>\n");
    for (String p : patterns) {
      fix.append("          <include>").append(p).append("</include>\n");
    }
    fix.append("        </includes>\n      </configuration>\n    </plugin>");
    List<String> simple = classes.stream().map(c -> c.replace('/', '.')).toList();
    return "Likely cause: Surefire's includes (" + String.join(", ", surefire.effectiveIncludes())
        + (surefire.includes().isEmpty() ? ", its defaults" : "") + ") do not select "
        + String.join(", ", simple) + ", so Surefire never ran "
        + (classes.size() == 1 ? "that class" : "those classes") + ".\n"
        + "Fix: rename the class to end in Test, or add its pattern to Surefire's includes (a configured list "
        + "replaces the defaults, so keep them):\n" + fix;
  }

  /** {@code **}{@code /*Backtest.java} for a class named like the README's backtests, else the class itself. */
  static String suggestedPattern(String classInternalName) {
    String simple = classInternalName.substring(classInternalName.lastIndexOf('/') + 1);
    return simple.endsWith("Backtest") ? "**/*Backtest.java" : "**/" + simple + ".java";
  }

  /** The Surefire plugin element to paste, with extra lines inside it (or none). */
  static String surefireFragment(String inside) {
    return "    <plugin>\n      <groupId>org.apache.maven.plugins</groupId>\n"
        + "      <artifactId>maven-surefire-plugin</artifactId>\n      <version>" + Versions.SUREFIRE
        + "</version>\n" + (inside == null ? "" : inside) + "    </plugin>";
  }

  /** The failure text for gate ids that several tests declare. */
  static String sharedIds(List<BuildCheck.SharedId> shared) {
    StringBuilder out = new StringBuilder();
    out.append(shared.size() == 1 ? "1 gate id is" : shared.size() + " gate ids are")
        .append(" declared by more than one @LeakageGated test:\n");
    for (BuildCheck.SharedId id : shared) {
      boolean sameCase = id.tests().stream().allMatch(t -> t.gateId().equals(id.gateId()));
      out.append("  - ").append(id.gateId()).append(sameCase ? "" : " (ids that differ only in case name one file)")
          .append(": ")
          .append(String.join(", ", id.tests().stream().map(GatedMethod::name).toList())).append('\n');
      for (GatedMethod test : id.tests()) {
        SourceLocation at = test.location();
        if (at != null && at.relativePath() != null) {
          out.append("      ").append(test.name()).append(" is declared in ").append(at.relativePath())
              .append(at.firstLine() > 0 ? ":" + at.firstLine() : "").append('\n');
        }
      }
    }
    out.append("Why: a gate's report, pending sign-off and review file are named by its id. Run in one JVM, the "
        + "second test is refused; run in separate Surefire forks (forkCount > 1), each writes the same report and "
        + "one is lost, which may be the one that found a leak, so the check cannot tell whether both were judged.\n"
        + "Fix: give each test its own id, @LeakageGated(id = \"<model>-<variant>\"), or drop id to use the test's "
        + "name; a review file signed for the old id must then be signed again for the new one.");
    return out.toString();
  }

  /** The failure text for gates that failed in this build (the tests' failures were ignored). */
  static String failedGates(List<GateReport> failed, List<String> failingTests, Path sarif) {
    StringBuilder out = new StringBuilder();
    if (!failed.isEmpty()) {
      out.append(failed.size() == 1 ? "1 leakage gate" : failed.size() + " leakage gates")
          .append(" FAILED in this build:\n");
      for (GateReport r : failed) {
        out.append("  - ").append(r.headline()).append("\n    report: ").append(r.file()).append('\n');
      }
    }
    if (!failingTests.isEmpty()) {
      out.append(failed.isEmpty() ? "Tests failed in this build" : "Test classes with failures")
          .append(" (Surefire's reports):\n");
      failingTests.forEach(t -> out.append("  - ").append(t).append('\n'));
    }
    out.append(failingTests.isEmpty() ? "Why: a failed gate found a likely leak, or a lift no sign-off covers; the run "
        + "must not count as green.\n" : "Why: the test failures were ignored (maven.test.failure.ignore) so that this "
        + "check could write its SARIF, but a failed gate or test still fails the build.\n");
    if (sarif != null) {
      out.append("The failed gates, located at their test methods, are in ").append(sarif).append('\n');
    }
    out.append("Next: read each report, fix the leak, or have a reviewer sign it off: mvn backtest-gate:pending "
        + "lists them, mvn backtest-gate:sign-off writes the review file to commit.");
    return out.toString();
  }

  /** The warning when the check is turned off. */
  static String skipped(String how) {
    return "backtest-gate check is OFF (" + how + "): this build does not verify that the @LeakageGated "
        + "backtests ran, so a green build says nothing about leakage. Remove it to check again.";
  }
}
