package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.report.ReportScenarios.GATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTests {
  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** The numbers table shows exactly the comparison's numbers. */
  private static void assertNumbers(HtmlDoc page, GateResult r) {
    Comparison c = r.comparison();
    assertThat(page.one("//td[@id='value-candidate-auc']")).isEqualTo(fmt("%.3f", c.candidateAuc()));
    assertThat(page.one("//td[@id='value-baseline-auc']")).isEqualTo(fmt("%.3f", c.baselineAuc()));
    assertThat(page.one("//td[@id='value-lift']")).isEqualTo(fmt("%+.3f", c.lift()));
    assertThat(page.one("//td[@id='value-interval']")).isEqualTo(fmt("%+.3f … %+.3f", c.ciLower(), c.ciUpper()));
    assertThat(page.one("//td[@id='value-limit']")).isEqualTo(fmt("%+.3f", r.policy().maxLift()));
  }

  /** The next steps on the page are the console's, word for word. */
  private static void assertSameStepsAsConsole(HtmlDoc page, PublishedGate g) {
    List<String> steps = page.all("//section[@id='next-steps']//ol/li");
    List<String> console = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      console.add("  " + (i + 1) + ". " + steps.get(i) + "\n");
    }
    assertThat(g.text()).contains(console);
    assertThat(g.text().lines().filter(l -> l.matches(" {2}\\d+\\. .*")).count()).isEqualTo(steps.size());
  }

  @Test
  void passingReportShowsTheNumbersAndBothCurves() {
    PublishedGate g = scenarios.publish(ReportScenarios.passing(GATE), Mode.LOCAL);
    assertThat(g.result().verdict()).isEqualTo(Verdict.PASSED);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.one("//section[@id='verdict']/@data-verdict")).isEqualTo("PASSED");
    assertThat(page.one("//section[@id='verdict']/div[@class='verdict']")).isEqualTo("PASSED");
    assertThat(page.all("//section[@id='verdict']//li")).containsExactly("No finding needs a leakage review.",
        fmt("AUC lift %+.3f is within the 0.050 limit.", g.result().comparison().lift()));
    assertNumbers(page, g.result());
    assertThat(page.count("//*[@id='roc-candidate']")).isEqualTo(1);
    assertThat(page.count("//*[@id='roc-baseline']")).isEqualTo(1);
    assertThat(page.number("//*[@id='lift-point']/@cx")).isLessThan(page.number("//*[@id='lift-limit']/@x1"));
    assertThat(page.one("//section[@id='next-steps']/p")).isEqualTo("Nothing to do: no finding needs a leakage review.");
    assertThat(page.one("//section[@id='sign-off']/p")).isEqualTo("This run needs no leakage review.");
    assertThat(page.all("//table[@id='pit-features']/tbody/tr/@data-feature")).containsExactly("balance", "region");
  }

  @Test
  void liftFailureShowsTheLiftBeyondTheLimitAndTheConsoleSteps() {
    PublishedGate g = scenarios.publish(ReportScenarios.leaky(GATE), Mode.LOCAL);
    GateResult r = g.result();
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.one("//section[@id='verdict']/@data-verdict")).isEqualTo("FAILED");
    assertThat(page.one("//section[@id='verdict']//li[contains(@class,'unresolved')]"))
        .isEqualTo(fmt("AUC lift %+.3f is above the 0.050 limit. needs a sign-off", r.comparison().lift()));
    assertNumbers(page, r);
    double limitX = page.number("//*[@id='lift-limit']/@x1");
    assertThat(page.number("//*[@id='lift-point']/@cx")).isGreaterThan(limitX);
    assertThat(page.number("//*[@id='lift-ci']/@x")).isGreaterThan(limitX);
    assertThat(page.one("//section[@id='lift']/p[@class='callout']")).isEqualTo(
        String.join(" ", r.findings().get(0).render().lines()));
    assertThat(page.one("//section[@id='sign-off']//span[contains(@class,'tag')]")).isEqualTo("no review file");
    assertThat(page.one("//section[@id='next-steps']/p")).isEqualTo("No leakage review covers it. To sign one off:");
    assertThat(page.all("//section[@id='next-steps']//ol/li")).hasSize(5)
        .contains("mkdir -p '" + g.reviewDirectory() + "' && cp '" + g.pendingFile() + "' '"
            + g.result().signOff().file() + "'");
    assertSameStepsAsConsole(page, g);
  }

  @Test
  void pointInTimeFailureListsTheFeatureAndItsExampleRows() {
    PublishedGate g = scenarios.publish(ReportScenarios.lateStatus(GATE), Mode.VERIFY);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.one("//section[@id='verdict']/@data-verdict")).isEqualTo("FAILED");
    assertThat(page.all("//section[@id='verdict']//li[contains(@class,'unresolved')]")).containsExactly(
        "Feature 'status' was recorded after the decision time in 25 rows (2.5%). needs a fix or a waiver");
    assertThat(page.all("//table[@id='pit-features']/tbody/tr[@data-feature='status']/td")).containsExactly(
        "status", "recorded time per row", "25 of 1,000 (2.5%)", "37d 4h", "recorded after the decision");
    assertThat(page.all("//table[@id='pit-features']/tbody/tr[@data-feature='balance']/td[5]"))
        .containsExactly("known in time");
    assertThat(page.all("//table[@id='pit-features']/tbody/tr[@data-feature='region']/td[2]"))
        .containsExactly("declared timeless: set once at account opening");
    String examples = "//table[@data-feature='status']/tbody/tr";
    assertThat(page.count(examples)).isEqualTo(5);
    assertThat(page.all(examples + "[1]/td"))
        .containsExactly("0", "2026-01-01T00:00:00Z", "2026-02-07T04:00:00Z", "37d 4h");
    assertThat(page.all(examples + "[2]/td"))
        .containsExactly("40", "2026-01-02T16:00:00Z", "2026-02-08T20:00:00Z", "37d 4h");
    assertThat(page.all("//section[@id='point-in-time']/p[@class='callout']")).containsExactly(
        "A model that uses values recorded after its decision saw the future: its backtest score is not evidence.");
    assertThat(page.all("//section[@id='next-steps']//ol/li")).anySatisfy(step -> assertThat(step)
        .contains("waive it in \"waivers\": {\"kind\": \"point-in-time\", \"subject\": \"status\", \"reason\": \"...\"}"));
    assertSameStepsAsConsole(page, g);
  }

  @Test
  void signedOffPassShowsTheReviewItsAllowanceAndTheWaiver() {
    BacktestRun run = ReportScenarios.leaky(GATE);
    PublishedGate failed = scenarios.publish(run, Mode.LOCAL);
    scenarios.approve(failed, List.of(new SignOff.Waiver("point-in-time", "balance", "not used")));
    PublishedGate g = scenarios.publish(run, Mode.LOCAL);
    assertThat(g.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.one("//section[@id='verdict']/@data-verdict")).isEqualTo("PASSED_WITH_SIGN_OFF");
    assertThat(page.one("//section[@id='verdict']/div[@class='verdict']")).isEqualTo("PASSED WITH SIGN-OFF");
    assertThat(page.one("//section[@id='verdict']//li[contains(@class,'resolved')][@data-kind='lift']"))
        .endsWith("is above the 0.050 limit. covered by the sign-off");
    assertThat(page.one("//section[@id='verdict']//li[@data-kind='unused-waiver']"))
        .as("the waiver matches no finding of this run").startsWith("The waiver of point-in-time 'balance' waives "
            + "nothing in this run.");
    assertNumbers(page, g.result());
    assertThat(page.one("//section[@id='lift']/p[contains(@class,'callout')]/@class")).isEqualTo("callout covered");
    assertThat(page.one("//section[@id='sign-off']//span[contains(@class,'tag')]")).isEqualTo("approved and current");
    assertThat(page.all("//section[@id='sign-off']//tr/th")).contains("Reviewer", "Waived point-in-time 'balance'");
    assertThat(page.all("//section[@id='sign-off']//tr/td")).contains("ana@acme.com",
        "2026-12-01, valid until 2027-03-01", "not used");
    double lift = g.result().comparison().lift();
    double limitX = page.number("//*[@id='lift-limit']/@x1");
    double allowanceX = page.number("//*[@id='lift-allowance']/@x1");
    double pointX = page.number("//*[@id='lift-point']/@cx");
    assertThat(allowanceX).isGreaterThan(pointX).isGreaterThan(limitX);
    // the allowance sits at reviewed lift + 0.010 on the same scale as the limit and the lift
    assertThat((allowanceX - pointX) / (pointX - limitX)).isCloseTo(0.01 / (lift - 0.05),
        org.assertj.core.data.Offset.offset(0.02));
    assertThat(page.one("//section[@id='next-steps']/p")).isEqualTo(NextSteps.of(g).lead());
    assertThat(page.count("//section[@id='next-steps']//ol")).isZero();
  }

  @Test
  void baselineGivenAsAnAucNumberHasNoCurveAndSaysSo() {
    ReportScenarios.passing(GATE);
    var d = dev.backtestgate.GateFixtures.data(7, 3_000, 1.8, 0.9);
    BacktestRun run = BacktestRun.builder(GATE).labels(d.labels()).candidate("gbm-v7", d.candidate())
        .baselineAuc("legacy-scorecard", 0.8).decisionTimes(d.decided()).feature("balance", d.known()).build();
    PublishedGate g = scenarios.publish(run, Mode.LOCAL);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.count("//*[@id='roc-candidate']")).isEqualTo(1);
    assertThat(page.count("//*[@id='roc-baseline']")).isZero();
    assertThat(page.one("//*[@id='baseline-fixed']")).isEqualTo(
        "baseline legacy-scorecard · AUC 0.800 given as a number, no scores: no curve to draw");
    assertThat(page.one("//*[@id='lift-ci']/@stroke-dasharray")).isEqualTo("4 3");
    assertThat(page.one("//td[@id='value-baseline-auc']")).isEqualTo("0.800");
    assertThat(page.one("//section[@id='lift']/p[@class='callout']"))
        .contains("from the candidate alone: the baseline is only an AUC number, so there is no paired interval");
  }

  @Test
  void everyTextIsEscaped() {
    String gate = "com.acme.X#<script>alert('x')</script>&amp;";
    var d = dev.backtestgate.GateFixtures.data(3, 500, 1.0, 0.9);
    BacktestRun run = BacktestRun.builder(gate).labels(d.labels()).candidate("gbm \"v7\" <b>bold</b>", d.candidate())
        .baseline("prod' & <i>", d.baseline()).decisionTimes(d.decided()).feature("a<b>c", new long[500])
        .timelessFeature("region", "<img src=x onerror=alert(1)> & \"quoted\"\u0000").build();
    PublishedGate g = scenarios.publish(run, Mode.LOCAL);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.count("//script | //img | //b | //i")).isZero();
    assertThat(page.one("//h1")).isEqualTo(gate);
    assertThat(page.one("//td[@id='value-candidate-auc']/../th/span")).isEqualTo("gbm \"v7\" <b>bold</b>");
    assertThat(page.all("//table[@id='pit-features']/tbody/tr/@data-feature")).contains("a<b>c");
    assertThat(page.one("//tr[@data-feature='region']/td[2]"))
        .isEqualTo("declared timeless: <img src=x onerror=alert(1)> & \"quoted\"\uFFFD");
    assertThat(page.source()).doesNotContain("<script", "<img", "<b>");
  }

  @Test
  void aTenMillionRowRunStaysUnderOneMegabyte() throws Exception {
    int rows = 10_000_000;
    SplittableRandom random = new SplittableRandom(42);
    boolean[] labels = new boolean[rows];
    double[] candidate = new double[rows];
    double[] baseline = new double[rows];
    long[] decided = new long[rows];
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextInt(10) < 3;
      double shared = random.nextDouble();
      candidate[i] = (labels[i] ? 0.5 : 0) + shared + random.nextDouble();
      baseline[i] = (labels[i] ? 0.4 : 0) + shared + random.nextDouble();
      decided[i] = dev.backtestgate.GateFixtures.START + i * 1_000L;
    }
    BacktestRun run = BacktestRun.builder("big#run").labels(labels).candidate("gbm-v7", candidate)
        .baseline("prod-v3", baseline).decisionTimes(decided).timelessFeature("region", "set at opening").build();
    PublishedGate g = scenarios.publish(run, Mode.VERIFY);

    assertThat(Files.size(g.htmlFile())).isLessThan(1_000_000);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());
    assertThat(page.one("//td[@id='value-lift']")).isEqualTo(fmt("%+.3f", g.result().comparison().lift()));
    for (String curve : List.of("roc-candidate", "roc-baseline")) {
      String d = page.one("//*[@id='" + curve + "']/@d");
      assertThat(d).startsWith("M52,272").endsWith("L312,12");
      assertThat(d.chars().filter(c -> c == 'L').count()).isLessThan(ReportEvidence.MAX_CURVE_POINTS);
    }
  }

  @Test
  void aCurveThatCannotBeComputedIsReportedNotThrown() {
    PublishedGate g = scenarios.publish(ReportScenarios.passing(GATE), Mode.LOCAL);
    String html = HtmlReport.render(g, new ReportEvidence(null, null, "The ROC curves could not be computed: boom",
        Map.of()));
    assertThat(HtmlDoc.parse(html).one("//section[@id='lift']//figure/p")).isEqualTo(
        "The ROC curves could not be computed: boom");
  }

  @Test
  void aResultWithoutComparisonStillRenders() {
    BacktestRun run = ReportScenarios.passing(GATE);
    GateResult real = BacktestGate.evaluate(run, GatePolicy.defaults(), scenarios.store, CLOCK);
    Finding failed = new Finding.CheckFailed("lift", "the AUC comparison could not be computed: NaN score at row 3");
    GateResult broken = new GateResult(GATE, Verdict.FAILED, List.of(failed), List.of(failed), null,
        real.fingerprint(), real.signOff(), List.of(), real.run(), real.policy(), real.evaluatedOn());
    PublishedGate g = Published.publish(run, broken, Mode.LOCAL, scenarios.files, scenarios.store);
    HtmlDoc page = HtmlDoc.read(g.htmlFile());

    assertThat(page.one("//section[@id='verdict']//li")).isEqualTo("The lift check could not run. fix the input");
    assertThat(page.one("//section[@id='lift']/p")).startsWith("The AUCs and the lift could not be computed");
    // the callout is the headline; the console's first line, which says more, is the card's first detail
    assertThat(page.one("//section[@id='other-findings']//p")).isEqualTo("The lift check could not run. fix the input");
    assertThat(page.all("//section[@id='other-findings']//li"))
        .startsWith("The lift check could not run: the AUC comparison could not be computed: NaN score at row 3");
    assertThat(page.all("//section[@id='next-steps']/p")).containsExactly("A sign-off cannot cover this.", "Next:");
    assertThat(page.one("//section[@id='next-steps']//li"))
        .isEqualTo("Fix the input named above and run the backtest again.");
  }

  @Test
  void aCardsCalloutIsTheHeadlineAndItsListTheConsoleLinesAfterIt() {
    Finding stale = new Finding() {
      @Override
      public String kind() {
        return "stale-feed";
      }

      @Override
      public String subject() {
        return "bureau";
      }

      @Override
      public Resolution resolution() {
        return Resolution.WARNING;
      }

      @Override
      public Rendering render() {
        return Rendering.of("Feed 'bureau' was 9 days old.").lines(List.of("Feed 'bureau' was 9 days old.",
            "  newest value 2025-03-22, last decision 2025-03-31"));
      }
    };
    Finding.Rendering longer = new Finding.CheckFailed("feed", "no rows for March").render();
    BacktestRun run = dev.backtestgate.GateFixtures.run(GATE, dev.backtestgate.GateFixtures.data(1, 2_000, 1.0, 0.95))
        .check(dev.backtestgate.Check.of("feed", c -> List.of(stale))).build();
    HtmlDoc page = HtmlDoc.read(scenarios.publish(run, Mode.LOCAL).htmlFile());

    assertThat(page.one("//div[@data-kind='stale-feed']/p[contains(@class,'callout')]"))
        .isEqualTo("Feed 'bureau' was 9 days old. warning");
    assertThat(page.all("//div[@data-kind='stale-feed']//li")).containsExactly(
        "newest value 2025-03-22, last decision 2025-03-31");
    assertThat(FindingCard.details(longer)).as("a first line that says more than the headline stays on the card")
        .containsExactlyElementsOf(longer.lines());
  }

  @Test
  void everySignOffStatusRendersWithItsOwnLabel() {
    PublishedGate g = scenarios.publish(ReportScenarios.leaky(GATE), Mode.LOCAL);
    GateResult r = g.result();
    Path file = r.signOff().file();
    Map<SignOffStatus, String> labels = Map.of(
        new SignOffStatus.Missing(file), "no review file",
        new SignOffStatus.Malformed(file, "$.reviewed.rowz", "unknown field 'rowz'"), "malformed",
        new SignOffStatus.WrongGate(file, "other#gate", GATE), "written for another gate",
        new SignOffStatus.Rejected(file, "bob", "status is the outcome <in disguise>"), "rejected",
        new SignOffStatus.Undecided(file), "no decision yet",
        new SignOffStatus.Incomplete(file, List.of("reviewer", "checklist")), "incomplete",
        new SignOffStatus.Stale(file, "sha256:aa", "sha256:bb"), "stale: the data changed",
        new SignOffStatus.Expired(file, java.time.LocalDate.parse("2026-11-01"), r.evaluatedOn()), "expired",
        new SignOffStatus.LiftGrew(file, 0.1, r.comparison().lift(), 0.01), "the lift grew beyond the review");
    labels.forEach((status, label) -> {
      GateResult withStatus = new GateResult(GATE, Verdict.FAILED, r.findings(), r.unresolved(), r.comparison(),
          r.fingerprint(), status, List.of(), r.run(), r.policy(), r.evaluatedOn());
      PublishedGate published = new PublishedGate(withStatus, g.mode(), g.reportFile(), g.htmlFile(),
          g.pendingFile(), g.pendingWritten(), g.reviewDirectory(), List.of(), "");
      HtmlDoc page = HtmlDoc.parse(HtmlReport.render(published, ReportEvidence.of(ReportScenarios.leaky(GATE))));
      assertThat(page.one("//section[@id='sign-off']//span[contains(@class,'tag')]")).as(label).isEqualTo(label);
      assertThat(page.all("//section[@id='next-steps']/p").get(0)).isEqualTo(NextSteps.of(published).lead());
    });
  }

  @Test
  void publishWritesThePageBesideTheJsonAndKeepsTheConsolePointingAtTheJson() {
    PublishedGate g = scenarios.publish(ReportScenarios.leaky(GATE), Mode.LOCAL);
    assertThat(g.htmlFile()).exists().hasFileName("com.acme.ChurnBacktest#gbm.html")
        .hasParent(g.reportFile().getParent());
    assertThat(g.htmlFile()).isEqualTo(scenarios.files.html(GATE));
    assertThat(scenarios.files.index()).exists();
    assertThat(g.text()).contains("Read the evidence: " + g.reportFile() + "\n");
    assertThat(HtmlDoc.read(g.htmlFile()).all("//table[@id='run']//code | //section[@id='run']//code"))
        .contains(g.reportFile().toString());
  }
}
