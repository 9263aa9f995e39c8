package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.cli.workflow.BuildCheck.Cause;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildCheckTests {
  private static final Instant START = Instant.parse("2026-12-02T10:00:00.700Z");
  private static final SurefireSetup MODERN = new SurefireSetup("3.5.4", List.of(), List.of(), null);

  private static GatedMethod test(String className, String method, String disabled) {
    String internal = className.replace('.', '/');
    return new GatedMethod(className + "#" + method, className + "#" + method, false, disabled, internal,
        new SourceLocation(className, "", "X.java", method, 10));
  }

  private static GateReport report(String gate, Instant modified) {
    return new GateReport(Path.of(gate + ".json"), modified, gate, "PASSED", "sha256:1", null, 0.05, List.of(),
        "missing", null, false);
  }

  private static GateReports.Listing listing(GateReport... reports) {
    return new GateReports.Listing(List.of(reports), List.of());
  }

  @Test
  void aReportOfThisBuildCountsOneOfAnEarlierBuildDoesNot() {
    GatedMethod ran = test("a.ChurnTest", "gbm", null);
    GatedMethod old = test("a.OtherTest", "gbm", null);
    // written within the build's first second: a file system with whole seconds shows 10:00:00
    BuildCheck.Outcome o = BuildCheck.run(List.of(ran, old),
        listing(report("a.ChurnTest#gbm", Instant.parse("2026-12-02T10:00:00Z")),
            report("a.OtherTest#gbm", Instant.parse("2026-12-02T09:59:59Z"))), START, MODERN);
    assertThat(o.ran()).containsOnlyKeys(ran);
    assertThat(o.missing()).singleElement().satisfies(m -> {
      assertThat(m.test()).isEqualTo(old);
      assertThat(m.staleReport()).isNotNull();
      assertThat(m.cause()).isEqualTo(Cause.NO_REPORT);
    });
  }

  @Test
  void disabledTestsAreListedNotMissing() {
    GatedMethod off = test("a.ChurnTest", "later", "@Disabled");
    BuildCheck.Outcome o = BuildCheck.run(List.of(off), listing(), START, MODERN);
    assertThat(o.disabled()).containsExactly(off);
    assertThat(o.missing()).isEmpty();
  }

  @Test
  void namesTheLikelyCause() {
    GatedMethod backtest = test("a.ChurnBacktest", "gbm", null);
    GatedMethod named = test("a.ChurnTest", "gbm", null);
    assertThat(cause(named, new SurefireSetup("2.12.4", List.of(), List.of(), null))).isEqualTo(Cause.OLD_SUREFIRE);
    assertThat(cause(named, new SurefireSetup("2.21.0", List.of(), List.of(), null))).isEqualTo(Cause.OLD_SUREFIRE);
    assertThat(cause(named, new SurefireSetup(null, List.of(), List.of(), null))).isEqualTo(Cause.NO_SUREFIRE);
    assertThat(cause(named, new SurefireSetup("3.5.4", List.of(), List.of(), "Other*"))).isEqualTo(Cause.TEST_FILTER);
    assertThat(cause(backtest, MODERN)).isEqualTo(Cause.INCLUDES);
    assertThat(cause(named, MODERN)).isEqualTo(Cause.NO_REPORT);
    assertThat(cause(backtest, new SurefireSetup("3.5.4", List.of("**/*Backtest.java"), List.of(), null)))
        .isEqualTo(Cause.NO_REPORT);
    assertThat(cause(named, new SurefireSetup("3.5.4", List.of(), List.of("**/Churn*"), null)))
        .isEqualTo(Cause.INCLUDES);
  }

  private static Cause cause(GatedMethod test, SurefireSetup surefire) {
    return BuildCheck.run(List.of(test), listing(), START, surefire).missing().get(0).cause();
  }

  @Test
  void surefirePatternsMatchAsSurefireDoes() {
    SurefireSetup defaults = MODERN;
    assertThat(defaults.selects("com/acme/ChurnTest")).isTrue();
    assertThat(defaults.selects("com/acme/TestChurn")).isTrue();
    assertThat(defaults.selects("ChurnTests")).isTrue();
    assertThat(defaults.selects("com/acme/ChurnTestCase")).isTrue();
    assertThat(defaults.selects("com/acme/ChurnBacktest")).isFalse();
    assertThat(defaults.selects("com/acme/Outer$InnerTest")).isFalse();
    assertThat(SurefireSetup.matches("ChurnBacktest.java", "com/acme/ChurnBacktest", false)).isTrue();
    assertThat(SurefireSetup.matches("com/acme/*.java", "com/acme/ChurnBacktest", false)).isTrue();
    assertThat(SurefireSetup.matches("com/acme/*.java", "com/acme/sub/ChurnBacktest", false)).isFalse();
    assertThat(SurefireSetup.matches("%regex[.*Backtest.*]", "x/Y", true)).isTrue();
    assertThat(SurefireSetup.compare("2.9", "2.12.4")).isNegative();
    assertThat(SurefireSetup.compare("3.0.0-M5", "2.22.0")).isPositive();
    assertThat(SurefireSetup.compare("2.22.0", "2.22")).isZero();
  }

  @Test
  void theMessageLeadsWithTheTestsThenWhyThenThePomFragment() {
    GatedMethod named = test("a.ChurnTest", "gbm", null);
    BuildCheck.Outcome o = BuildCheck.run(List.of(named), listing(), START,
        new SurefireSetup("2.12.4", List.of(), List.of(), null));
    String text = CheckMessages.missing(o.missing(), new SurefireSetup("2.12.4", List.of(), List.of(), null),
        Path.of("target/backtest-gate"));
    assertThat(text).startsWith("1 @LeakageGated test produced no gate report in this build, so no leakage gate "
        + "judged it:\n  - a.ChurnTest#gbm\nWhy: ");
    assertThat(text).contains("maven-surefire-plugin 2.12.4 (the version Maven 3.x uses when the pom names none) "
        + "runs no JUnit 5 tests");
    assertThat(text).contains("      <version>" + Versions.SUREFIRE + "</version>\n");
    assertThat(text).endsWith("-Dbacktestgate.check.skip=true turns this check off (it prints a warning).");
  }

  @Test
  void readsFailingTestClassesFromSurefireReportsOfThisBuild(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("TEST-a.ChurnTest.xml"), "<?xml version=\"1.0\"?>\n<testsuite "
        + "xmlns:xsi=\"x\" name=\"a.ChurnTest\" time=\"1\" tests=\"3\" errors=\"1\" skipped=\"0\" failures=\"2\">");
    Files.writeString(dir.resolve("TEST-a.GreenTest.xml"), "<testsuite name=\"a.GreenTest\" tests=\"1\" "
        + "errors=\"0\" failures=\"0\">");
    Path old = Files.writeString(dir.resolve("TEST-a.OldTest.xml"), "<testsuite name=\"a.OldTest\" errors=\"0\" "
        + "failures=\"1\">");
    Files.setLastModifiedTime(old, FileTime.from(START.minusSeconds(60)));
    assertThat(SurefireResults.failing(dir, START)).containsExactly("a.ChurnTest: 2 failed, 1 in error");
    assertThat(SurefireResults.failing(dir.resolve("absent"), START)).isEmpty();
  }
}
