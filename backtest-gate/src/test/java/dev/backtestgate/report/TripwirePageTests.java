package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import dev.backtestgate.tripwire.trace.Trace;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tripwire's page: its verdict, its numbers, its chart, parsed as XHTML. */
class TripwirePageTests {
  static final Instant JAN_1 = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant JULY_1 = Instant.parse("2026-07-01T00:00:00Z");
  static final Instant CHECKED = Instant.parse("2026-12-01T00:00:00Z");
  static final long DAY = 86_400_000L;

  @TempDir
  Path dir;

  /** A claim of gate churn-v7: 3,000 rows in the first half of 2026, six monthly periods. */
  private Claim claim(double candidateShift) {
    Random random = new Random(11);
    int n = 3_000;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = shared + random.nextGaussian() + (labels[i] ? candidateShift : 0);
      baseline[i] = shared + random.nextGaussian() + (labels[i] ? 1.0 : 0);
      times[i] = JAN_1.toEpochMilli() + (long) (random.nextDouble() * 180 * DAY);
    }
    BacktestRun run = BacktestRun.builder("churn-v7").labels(labels).candidate("gbm", candidate)
        .baseline("logreg", baseline).decisionTimes(times).timelessFeature("tenure", "fixed at signup").build();
    return Claim.of(BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(dir.resolve("reviews")),
        Clock.fixed(JULY_1, ZoneOffset.UTC)), run);
  }

  /** {@code n} decisions over {@code days} from July 2026, labels known 30 days later. */
  private static Outcomes production(int n, int days, double candidateShift, boolean withBaseline) {
    Random random = new Random(5);
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    long[] known = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = shared + random.nextGaussian() + (labels[i] ? candidateShift : 0);
      baseline[i] = shared + random.nextGaussian() + (labels[i] ? 1.0 : 0);
      decided[i] = JULY_1.toEpochMilli() + (long) (random.nextDouble() * days * DAY);
      known[i] = decided[i] + 30 * DAY;
    }
    Outcomes.Builder b = Outcomes.builder().decidedAt(decided).candidateScores(candidate).labels(labels)
        .labelKnownAt(known);
    return (withBaseline ? b.baselineScores(baseline) : b).build();
  }

  @Test
  void aTrippedLookShowsTheVerdictTheNumbersTheChartAndTheTrace() {
    Claim leaky = claim(2.3);
    Outcomes outcomes = production(3_000, 120, 1.3, true);
    TripwireResult result = Tripwire.check(leaky, outcomes, CHECKED, TripwireSettings.defaults());
    assertThat(result).isInstanceOf(TripwireResult.Tripped.class);
    Trace trace = Trace.of(leaky, outcomes, List.of(), List.of(), "no review directory given");

    Path file = TripwirePage.write(dir.resolve("tripwire.html"), leaky, result, outcomes, CHECKED, trace);

    HtmlDoc page = HtmlDoc.read(file);
    assertThat(page.one("//section[@id='verdict']/div[@class='verdict']")).isEqualTo("TRIPPED");
    assertThat(page.one("//section[@id='verdict']/@class")).isEqualTo("banner failed");
    var m = ((TripwireResult.Tripped) result).finding().measurement();
    assertThat(page.one("//section[@id='numbers']//tr[th='Gap']/td")).startsWith(String.format("%+.3f", m.gap()));
    assertThat(page.one("//section[@id='numbers']//tr[th='z']/td")).startsWith(String.format("%.2f", m.z()));
    assertThat(page.count("//svg[@id='tripwire-plot']//g[@class='claimed']")).isEqualTo(6);
    assertThat(page.count("//svg[@id='tripwire-plot']//g[@class='live']")).isEqualTo(4);
    assertThat(page.all("//svg//g[@class='live']/@data-period")).containsExactly("2026-07", "2026-08", "2026-09",
        "2026-10");
    assertThat(page.one("//tr[th=\"The backtest's claim\"]/td")).startsWith(String.format("lift %+.3f (95%% interval "
        + "%+.3f to %+.3f)", leaky.lift(), leaky.liftCiLower(), leaky.liftCiUpper()));
    assertThat(page.one("//text[@id='tripwire-claimed']")).isEqualTo(String.format("%+.3f", leaky.lift()));
    assertThat(page.count("//rect[@id='tripwire-band']")).isEqualTo(1);
    assertThat(page.count("//line[@id='tripwire-shipped']")).isEqualTo(1);
    assertThat(page.count("//section[@id='trace']")).isEqualTo(1);
    assertThat(page.one("//section[@id='trace']/p[last()]")).isEqualTo(trace.closing().strip());
  }

  @Test
  void productionsPeriodsAreCutAsTheClaimsLiftTrendCutTheBacktests() {
    Claim monthly = claim(2.3);
    Claim quarterly = new Claim(monthly.gate(), monthly.fingerprint(), monthly.earliestDecision(),
        monthly.latestDecision(), monthly.candidate(), monthly.baseline(), monthly.candidateAuc(),
        monthly.baselineAuc(), monthly.variances(), monthly.interval(), monthly.lift(), monthly.liftCiLower(),
        monthly.liftCiUpper(), monthly.confidence(), monthly.rows(), monthly.positives(), monthly.liftPerPeriod(),
        monthly.liftCarried(), monthly.features(), monthly.dataRead(), monthly.featureValues(),
        dev.backtestgate.lifttrend.LiftPeriods.QUARTER);
    Outcomes outcomes = production(3_000, 180, 1.3, true);
    TripwireResult result = Tripwire.check(quarterly, outcomes, CHECKED.plus(java.time.Duration.ofDays(90)),
        TripwireSettings.defaults());

    HtmlDoc page = HtmlDoc.read(TripwirePage.write(dir.resolve("q.html"), quarterly, result, outcomes,
        CHECKED.plus(java.time.Duration.ofDays(90)), null));

    assertThat(page.all("//svg//g[@class='live']/@data-period")).containsExactly("2026-Q3", "2026-Q4");
  }

  @Test
  void theBandIsTheClaimsIntervalAndTheLivePointsSitBelowItWhenTheBacktestLeaked() {
    Claim leaky = claim(2.3);
    Outcomes outcomes = production(3_000, 120, 1.3, true);
    TripwireResult result = Tripwire.check(leaky, outcomes, CHECKED, TripwireSettings.defaults());

    HtmlDoc page = HtmlDoc.parse(TripwirePage.render(leaky, result, outcomes, CHECKED, null));

    double bandTop = page.number("//rect[@id='tripwire-band']/@y");
    double bandBottom = bandTop + page.number("//rect[@id='tripwire-band']/@height");
    for (String cy : page.all("//g[@class='live']/circle/@cy")) {
      assertThat(Double.parseDouble(cy)).isGreaterThan(bandBottom);   // lower lift, further down
    }
    assertThat(page.all("//g[@class='claimed']/circle/@cy")).anyMatch(cy -> Double.parseDouble(cy) < bandBottom
        && Double.parseDouble(cy) > bandTop);
  }

  @Test
  void aHoldingLookSaysItHoldsWithItsNumbersAndNoTrace() {
    Claim claim = claim(1.3);
    Outcomes outcomes = production(3_000, 120, 1.3, true);
    TripwireResult result = Tripwire.check(claim, outcomes, CHECKED, TripwireSettings.defaults());
    assertThat(result).isInstanceOf(TripwireResult.Held.class);

    HtmlDoc page = HtmlDoc.parse(TripwirePage.render(claim, result, outcomes, CHECKED, null));

    assertThat(page.one("//section[@id='verdict']/div[@class='verdict']")).isEqualTo("HOLDS");
    assertThat(page.one("//section[@id='verdict']/@class")).isEqualTo("banner passed");
    var m = ((TripwireResult.Held) result).measurement();
    assertThat(page.one("//tr[th='Live lift']/td")).startsWith(String.format("%.3f", m.live()));
    assertThat(page.one("//tr[th='Matured decisions']/td")).startsWith("3,000");
    assertThat(page.count("//g[@class='live']")).isEqualTo(4);
    assertThat(page.count("//section[@id='trace']")).isZero();
  }

  @Test
  void withFewerThanTwoLivePeriodsThePageSaysSoInsteadOfDrawing() {
    Claim claim = claim(1.3);
    Outcomes outcomes = production(600, 20, 1.3, true);
    TripwireResult result = Tripwire.check(claim, outcomes, CHECKED, TripwireSettings.defaults());

    HtmlDoc page = HtmlDoc.parse(TripwirePage.render(claim, result, outcomes, CHECKED, null));

    assertThat(page.count("//svg[@id='tripwire-plot']")).isZero();
    assertThat(page.one("//p[@id='no-chart']")).contains("Production has one period").contains("at least two");
  }

  @Test
  void withoutBaselineScoresThePageSaysWhyThereIsNoChart() {
    Claim claim = claim(1.3);
    Outcomes outcomes = production(3_000, 120, 1.3, false);
    TripwireResult result = Tripwire.check(claim, outcomes, CHECKED, TripwireSettings.defaults());

    HtmlDoc page = HtmlDoc.parse(TripwirePage.render(claim, result, outcomes, CHECKED, null));

    assertThat(page.one("//tr[th='Compared']/td")).startsWith("candidate AUC");
    assertThat(page.one("//p[@id='no-chart']")).contains("baselineScore");
  }

  @Test
  void tooFewLabelsSaysNotCheckedYet() {
    Claim claim = claim(1.3);
    Outcomes outcomes = production(60, 20, 1.3, true);
    TripwireResult result = Tripwire.check(claim, outcomes, CHECKED, TripwireSettings.defaults());
    assertThat(result).isInstanceOf(TripwireResult.Unchecked.class);

    HtmlDoc page = HtmlDoc.parse(TripwirePage.render(claim, result, outcomes, CHECKED, null));

    assertThat(page.one("//section[@id='verdict']/div[@class='verdict']")).isEqualTo("NOT CHECKED YET");
    assertThat(page.one("//section[@id='verdict']/@class")).isEqualTo("banner signed");
  }
}
