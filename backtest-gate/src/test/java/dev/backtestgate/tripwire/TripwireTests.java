package dev.backtestgate.tripwire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tripwire on claims from real evaluations and production drawn from the same, or a weaker, model. */
class TripwireTests {
  static final Instant JAN_1 = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant JULY_1 = Instant.parse("2026-07-01T00:00:00Z");
  static final Instant CHECKED = Instant.parse("2026-12-01T00:00:00Z");
  static final long DAY = 86_400_000L;

  @TempDir
  Path reviews;

  /** A claim of gate churn-v7: a backtest of 3,000 rows in the first half of 2026, the candidate shifted by 1.3. */
  static Claim claim(Path reviews, double candidateShift) {
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
    return Claim.of(BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(reviews),
        Clock.fixed(JULY_1, ZoneOffset.UTC)), run);
  }

  /** {@code n} production decisions from July 2026, labels known 30 days later; the candidate shifted as given. */
  static Outcomes.Builder production(int n, double candidateShift, long seed) {
    Random random = new Random(seed);
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
      decided[i] = JULY_1.toEpochMilli() + (long) (random.nextDouble() * 120 * DAY);
      known[i] = decided[i] + 30 * DAY;
    }
    return Outcomes.builder().decidedAt(decided).candidateScores(candidate).labels(labels).labelKnownAt(known)
        .baselineScores(baseline);
  }

  @Test
  void productionFromTheClaimedModelHoldsTheClaim() {
    Claim claim = claim(reviews, 1.3);

    TripwireResult result = Tripwire.check(claim, production(3_000, 1.3, 5).build(), CHECKED,
        TripwireSettings.defaults());

    assertThat(result).isInstanceOf(TripwireResult.Held.class);
    Measurement m = ((TripwireResult.Held) result).measurement();
    assertThat(m.statistic()).isEqualTo(Measurement.Statistic.LIFT);
    assertThat(m.noLiftReason()).isEmpty();
    assertThat(m.matured()).isEqualTo(3_000);
    assertThat(result.findings()).isEmpty();
  }

  @Test
  void aBacktestThatSawTheFutureTripsOnItsLiftInProduction() {
    Claim leaky = claim(reviews, 2.3);

    TripwireResult result = Tripwire.check(leaky, production(3_000, 1.3, 5).build(), CHECKED,
        TripwireSettings.defaults());

    assertThat(result).isInstanceOf(TripwireResult.Tripped.class);
    Finding finding = result.findings().get(0);
    assertThat(finding.kind()).isEqualTo("offline-online-gap");
    assertThat(finding.resolution()).isEqualTo(Finding.Resolution.SIGN_OFF);
    Finding.Rendering r = finding.render();
    assertThat(r.headline()).startsWith("Production's lift is ").endsWith("below what backtest 'churn-v7' claimed.");
    assertThat(r.lines()).noneMatch(l -> l.contains("cannot tell drift"));
    assertThat(r.fix()).contains("signs the gap off");
    assertThat(r.evidence()).containsEntry("statistic", "lift").containsKey("boundary");
  }

  @Test
  void withoutBaselineScoresTheCandidatesAucIsComparedAndTheReportSaysDriftLooksTheSame() {
    Claim leaky = claim(reviews, 2.3);
    Outcomes.Builder b = production(3_000, 1.3, 5);
    Outcomes full = b.build();
    Outcomes noBaseline = Outcomes.builder().decidedAt(full.decidedAt()).candidateScores(full.candidateScores())
        .labels(full.labels()).labelKnownAt(full.labelKnownAt()).build();

    TripwireResult result = Tripwire.check(leaky, noBaseline, CHECKED, TripwireSettings.defaults());

    assertThat(result).isInstanceOf(TripwireResult.Tripped.class);
    Finding.Rendering r = result.findings().get(0).render();
    assertThat(r.headline()).startsWith("Production's candidate AUC is ");
    assertThat(String.join("\n", r.lines())).contains("the outcomes carry no baseline scores",
        "cannot tell drift from leakage");
  }

  @Test
  void immatureRowsAreCountedAndNeverTakenAsNegatives() {
    Claim claim = claim(reviews, 1.3);
    Outcomes all = production(3_000, 1.3, 5).build();
    long[] known = all.labelKnownAt();
    boolean[] labels = all.labels();
    int unknown = 0;
    for (int i = 0; i < known.length; i += 3) {
      known[i] = Outcomes.NOT_KNOWN;
      labels[i] = false;
      unknown++;
    }
    Outcomes partly = Outcomes.builder().decidedAt(all.decidedAt()).candidateScores(all.candidateScores())
        .labels(labels).labelKnownAt(known).baselineScores(all.baselineScores().get()).build();

    Measurement m = ((TripwireResult.Held) Tripwire.check(claim, partly, CHECKED, TripwireSettings.defaults()))
        .measurement();

    assertThat(m.immature()).isEqualTo(unknown);
    assertThat(m.matured()).isEqualTo(3_000 - unknown);
    assertThat(m.positives() + m.negatives()).isEqualTo(3_000 - unknown);
  }

  @Test
  void tooFewMaturedRowsWarnsHowManyMatureByWhen() {
    Claim claim = claim(reviews, 1.3);
    Outcomes all = production(3_000, 1.3, 5).build();
    Instant early = Instant.ofEpochMilli(Arrays.stream(all.decidedAt()).min().getAsLong() + 32 * DAY);
    int[] rows = java.util.stream.IntStream.range(0, all.rows())
        .filter(i -> all.decidedAt()[i] <= early.toEpochMilli()).toArray();
    Outcomes outcomes = Outcomes.builder().decidedAt(pick(all.decidedAt(), rows))
        .candidateScores(pick(all.candidateScores(), rows)).labels(pick(all.labels(), rows))
        .labelKnownAt(pick(all.labelKnownAt(), rows)).build();

    TripwireResult result = Tripwire.check(claim, outcomes, early, TripwireSettings.defaults());

    assertThat(result).isInstanceOf(TripwireResult.Unchecked.class);
    TripwireUnchecked warning = ((TripwireResult.Unchecked) result).finding();
    assertThat(warning.kind()).isEqualTo("tripwire-unchecked");
    assertThat(warning.resolution()).isEqualTo(Finding.Resolution.WARNING);
    assertThat(warning.positives()).isLessThan(30);
    assertThat(warning.render().headline()).contains("fewer than 30 of each");
    long latestKnown = Arrays.stream(outcomes.labelKnownAt()).max().getAsLong();
    assertThat(String.join("\n", warning.render().lines()))
        .contains("mature by " + Instant.ofEpochMilli(latestKnown));
    assertThat(warning.render().fix()).isEqualTo("Run the tripwire again after " + Instant.ofEpochMilli(latestKnown)
        + ".");
  }

  static long[] pick(long[] values, int[] rows) {
    return Arrays.stream(rows).mapToLong(i -> values[i]).toArray();
  }

  static double[] pick(double[] values, int[] rows) {
    return Arrays.stream(rows).mapToDouble(i -> values[i]).toArray();
  }

  static boolean[] pick(boolean[] values, int[] rows) {
    boolean[] out = new boolean[rows.length];
    for (int k = 0; k < rows.length; k++) {
      out[k] = values[rows[k]];
    }
    return out;
  }

  @Test
  void theBoundaryIsTightestWhereProductionHasAsMuchInformationAsTheClaim() {
    MixtureBoundary boundary = new MixtureBoundary(0.01, 1e-4);
    double atTarget = boundary.z(2e-4);

    assertThat(boundary.z(1.01e-4)).isGreaterThan(atTarget);
    assertThat(boundary.z(1e-2)).isGreaterThan(atTarget);
    assertThat(boundary.z(2.2e-4)).isGreaterThan(atTarget);
    assertThat(boundary.z(1.8e-4)).isGreaterThan(atTarget);
    // always above the one-look 1% threshold 2.326: the price of looking as often as one likes
    assertThat(atTarget).isGreaterThan(2.326).isLessThan(4);
  }
}
