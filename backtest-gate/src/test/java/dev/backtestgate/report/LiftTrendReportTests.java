package dev.backtestgate.report;

import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.lifttrend.LiftTrendFinding;
import dev.backtestgate.lifttrend.LiftTrendSkipped;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lift-trend check end to end, added to a run through the check SPI: a backfill whose overall lift stays under
 * the limit fails on its shape alone, shows in text, JSON (schema-valid) and the index, and a covering sign-off
 * resolves it; the same run without the step passes; a run it cannot test says so and passes.
 */
class LiftTrendReportTests {
  private static final long MONTH_2024_01 = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;

  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  /**
   * 24 months of 3,000 rows, 25% positive; the candidate gets an extra {@code leak} of separation on rows decided
   * before month {@code change} (a cleanup that rewrote a status up to that date), and a small honest edge everywhere.
   */
  private static BacktestRun backfill(double leak, int change, boolean fixedBaseline) {
    Random random = new Random(42);
    int months = 24;
    int perMonth = 3_000;
    int n = months * perMonth;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      int month = i / perMonth;
      labels[i] = random.nextDouble() < 0.25;
      double shared = random.nextGaussian();
      double edge = 0.1 + (month < change ? leak : 0);
      baseline[i] = (labels[i] ? 0.8 : 0) + shared;
      candidate[i] = (labels[i] ? 0.8 + edge : 0) + shared + 0.6 * random.nextGaussian();
      times[i] = java.time.YearMonth.of(2024, 1).plusMonths(month).atDay(1)
          .atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli() + random.nextInt(28) * DAY;
    }
    BacktestRun.Builder run = BacktestRun.builder(ReportScenarios.GATE).labels(labels).candidate("gbm-v8", candidate)
        .decisionTimes(times).timelessFeature("status", "set by the account system");   // lift-trend is built in
    return (fixedBaseline ? run.baselineAuc("prod-v3", 0.70) : run.baseline("prod-v3", baseline)).build();
  }

  @Test
  void aBackfillUnderTheLiftLimitFailsOnItsShapeAndASignOffResolvesIt() throws Exception {
    PublishedGate g = scenarios.publish(backfill(0.25, 16, false), Mode.LOCAL);

    assertThat(g.result().comparison().lift()).isBetween(0.02, 0.04);
    assertThat(g.result().verdict()).isEqualTo(Verdict.FAILED);
    LiftTrendFinding finding = (LiftTrendFinding) g.result().unresolved().stream()
        .filter(f -> f.kind().equals("lift-trend")).findFirst().orElseThrow();
    assertThat(g.result().unresolved()).containsExactly(finding);
    assertThat(finding.changeAt()).isEqualTo("2025-05");
    assertThat(finding.render().headline()).matches("The lift falls at 2025-05: \\+0\\.0\\d\\d before, [+-]0\\.0\\d\\d "
        + "after\\.");
    assertThat(g.text()).contains(finding.render().headline(),
        "This is the signature of history rewritten up to 2025-05",
        "    2025-05  lift ", "<- the lift falls here", "lift per month period (24 measured, 0 skipped):");

    String json = Files.readString(g.reportFile());
    assertValid(REPORT, json);
    JsonNode node = new ObjectMapper().readTree(json).get("findings").get(0);
    assertThat(node.get("kind").asText()).isEqualTo("lift-trend");
    assertThat(node.get("resolution").asText()).isEqualTo("sign-off");
    assertThat(node.get("evidence").get("changeAt").asText()).isEqualTo("2025-05");
    assertThat(node.get("evidence").get("periods")).hasSize(24);
    assertThat(node.get("evidence").get("periods").get(0).get("period").asText()).isEqualTo("2024-01");
    assertThat(node.get("evidence").get("changePoint").get("fails").asBoolean()).isTrue();

    String page = Files.readString(g.htmlFile());
    assertThat(page).as("the finding's card draws the lift per period with the limit")
        .contains("data-kind=\"lift-trend\"", "<figure class=\"chart finding-figure scroll\" tabindex=\"0\"><svg",
            "id=\"lift-trend-plot\"");
    // the periods as a table in place of their console lines, the change point's row marked
    assertThat(page).contains("<caption>Lift per month period (24 measured, 0 skipped)</caption>",
        "<tr class=\"worst\"><td class=\"id\">2025-05</td>").doesNotContain("<li>2025-05  lift");

    HtmlDoc index = HtmlDoc.read(scenarios.files.index());
    assertThat(index.one("//tr[@data-gate='" + ReportScenarios.GATE + "']/td[6]"))
        .startsWith("lift-trend: The lift falls at 2025-05");

    scenarios.approve(g, List.of());
    PublishedGate signed = scenarios.publish(backfill(0.25, 16, false), Mode.VERIFY);
    assertThat(signed.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
  }

  @Test
  void theSameRunWithoutTheStepPasses() {
    PublishedGate g = scenarios.publish(backfill(0.0, 16, false), Mode.VERIFY);

    assertThat(g.result().verdict()).isEqualTo(Verdict.PASSED);
    assertThat(g.result().findings()).isEmpty();
  }

  @Test
  void aBaselineKnownOnlyAsAnAucIsSaidAndNotTested() throws Exception {
    PublishedGate g = scenarios.publish(backfill(0.25, 16, true), Mode.VERIFY);

    assertThat(g.result().findings()).filteredOn(f -> f.kind().equals("lift-trend")).singleElement()
        .isInstanceOf(LiftTrendSkipped.class);
    assertThat(g.text()).contains("The lift over time was not tested: the baseline is an AUC number");
    assertValid(REPORT, Files.readString(g.reportFile()));
  }
}
