package dev.backtestgate.tripwire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Comparison;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * The tripwire's sequential design, calibrated by simulation: honest deployments (production drawn from the model
 * the backtest measured) looked at every day for 180 days trip at most alpha of the time, a fixed daily z threshold
 * would not, and a gap of 0.05 trips in 90% of deployments within a stated number of matured positives. Scores take
 * 12 values so that DeLong's statistics come exactly from counts ({@link BinnedDeLong}), a fixed seed, seconds.
 */
class TripwireCalibrationTests {
  private static final int LEVELS = 12;
  private static final int DEPLOYMENTS = 1_000;
  private static final int DAYS = 180;
  private static final int ROWS_PER_DAY = 30;
  private static final int BACKTEST_ROWS = 4_000;
  private static final double PREVALENCE = 0.25;
  private static final double CANDIDATE_SHIFT = 1.2;
  private static final double BASELINE_SHIFT = 0.9;
  private static final double SHARED = Math.sqrt(0.7);
  private static final double OWN = Math.sqrt(0.3);
  private static final String FINGERPRINT = "sha256-v2:" + "0".repeat(64);

  /** The matured positives within which a candidate-AUC gap of 0.05 trips in 90% of deployments (docs/tripwire.md). */
  static final int POSITIVES_FOR_GAP_005 = 1_600;

  @Test
  void countsGiveDeLongsNumbersOnTheRowsTheyStandFor() {
    SplittableRandom random = new SplittableRandom(7);
    BinnedDeLong counts = new BinnedDeLong(LEVELS);
    int n = 700;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    for (int i = 0; i < n; i++) {
      int[] row = row(random, CANDIDATE_SHIFT, BASELINE_SHIFT);
      labels[i] = row[0] == 1;
      candidate[i] = row[1];
      baseline[i] = row[2];
      counts.add(labels[i], row[1], row[2]);
    }
    double[] binned = counts.compare();
    AucComparison exact = DeLong.compare(labels, candidate, baseline, 0.95);

    assertThat(binned[0]).isCloseTo(exact.candidateAuc(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(binned[1]).isCloseTo(exact.baselineAuc(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(binned[2]).isCloseTo(exact.candidateVariance(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(binned[3]).isCloseTo(exact.baselineVariance(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(binned[4]).isCloseTo(exact.covariance(), org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void honestDeploymentsLookedAtDailyFor180DaysTripAtMostAlpha() {
    TripwireSettings noGap = new TripwireSettings(0.01, 0, 30);
    int[] alarms = simulate(new SplittableRandom(20261207L), noGap, CANDIDATE_SHIFT, DAYS);
    double alpha = noGap.alpha();
    // alarms: {candidate AUC trips, lift trips, naive daily z >= z(1 - alpha) trips}
    double candidateRate = alarms[0] / (double) DEPLOYMENTS;
    double liftRate = alarms[1] / (double) DEPLOYMENTS;
    double naiveRate = alarms[2] / (double) DEPLOYMENTS;
    System.out.printf("tripwire calibration: false alarms in %d honest deployments x %d daily looks: candidate AUC "
        + "%d (%.4f +- %.4f), lift %d (%.4f +- %.4f), naive fixed z %d (%.4f)%n", DEPLOYMENTS, DAYS, alarms[0],
        candidateRate, margin(candidateRate), alarms[1], liftRate, margin(liftRate), alarms[2], naiveRate);

    assertThat(candidateRate).as("false alarms, candidate AUC").isLessThanOrEqualTo(alpha);
    assertThat(liftRate).as("false alarms, lift").isLessThanOrEqualTo(alpha);
    assertThat(naiveRate).as("a fixed daily threshold inflates false alarms").isGreaterThan(2 * alpha);
  }

  @Test
  void aGapOfFiveHundredthsTripsIn90PercentOfDeploymentsWithinTheStatedPositives() {
    double claimedAuc = trueAuc(CANDIDATE_SHIFT);
    double liveShift = shiftFor(claimedAuc - 0.05);
    int deployments = 500;
    int[] positivesAtTrip = new int[deployments];
    SplittableRandom random = new SplittableRandom(47);
    TripwireSettings settings = TripwireSettings.defaults();
    double claimSe = 0;
    for (int d = 0; d < deployments; d++) {
      Claim claim = claim(backtest(random), true);
      claimSe += Math.sqrt(claim.variances().candidate()) / deployments;
      BinnedDeLong live = new BinnedDeLong(LEVELS);
      positivesAtTrip[d] = Integer.MAX_VALUE;
      for (int day = 1; day <= 2 * DAYS; day++) {
        for (int i = 0; i < ROWS_PER_DAY; i++) {
          int[] row = row(random, liveShift, BASELINE_SHIFT);
          live.add(row[0] == 1, row[1], row[2]);
        }
        if (look(claim, live, settings, false) instanceof TripwireResult.Tripped) {
          positivesAtTrip[d] = (int) live.positiveCount();
          break;
        }
      }
    }
    Arrays.sort(positivesAtTrip);
    int p90 = positivesAtTrip[(int) Math.ceil(0.9 * deployments) - 1];
    System.out.printf("tripwire power: a candidate AUC gap of 0.05 (claimed %.3f) trips in 90%% of %d deployments by "
        + "%d matured positives (median %d); the claim's mean standard error %.4f%n", claimedAuc, deployments, p90,
        positivesAtTrip[deployments / 2], claimSe);

    assertThat(p90).isLessThanOrEqualTo(POSITIVES_FOR_GAP_005);
  }

  /**
   * Fresh rows read at every daily look: deployments whose candidate ranks no better than the baseline in production
   * are confirmed at most alpha (1 - confidence, 0.05) of the time over 180 looks; a real lift is confirmed in at least
   * 90% of deployments within those looks.
   */
  @Test
  void freshRowsConfirmANullLiftAtMostAlphaOverEveryDailyLookAndARealLiftInNinetyPercent() {
    SplittableRandom random = new SplittableRandom(20261208L);
    TripwireSettings settings = new TripwireSettings(0.01, 0, 30);
    Claim.Trials thirty = Claim.Trials.counted(30, 5, 1.9, 0.2, java.util.Optional.empty());
    int deployments = 500;
    int nullConfirmed = 0;
    int realConfirmed = 0;
    int[] dayConfirmed = new int[deployments];
    for (int d = 0; d < deployments; d++) {
      Claim claim = claim(backtest(random), true).withTrials(thirty);
      BinnedDeLong none = new BinnedDeLong(LEVELS);
      BinnedDeLong real = new BinnedDeLong(LEVELS);
      boolean nullSeen = false;
      dayConfirmed[d] = Integer.MAX_VALUE;
      for (int day = 1; day <= DAYS; day++) {
        for (int i = 0; i < ROWS_PER_DAY; i++) {
          int[] row = row(random, BASELINE_SHIFT, BASELINE_SHIFT);
          none.add(row[0] == 1, row[1], row[2]);
          row = row(random, CANDIDATE_SHIFT, BASELINE_SHIFT);
          real.add(row[0] == 1, row[1], row[2]);
        }
        nullSeen |= confirmed(claim, look(claim, none, settings, true));
        if (dayConfirmed[d] == Integer.MAX_VALUE && confirmed(claim, look(claim, real, settings, true))) {
          dayConfirmed[d] = day;
        }
      }
      nullConfirmed += nullSeen ? 1 : 0;
      realConfirmed += dayConfirmed[d] <= DAYS ? 1 : 0;
    }
    Arrays.sort(dayConfirmed);
    double nullRate = nullConfirmed / (double) deployments;
    double realRate = realConfirmed / (double) deployments;
    System.out.printf("fresh rows: a null live lift confirmed in %d of %d deployments over %d daily looks (%.4f); a "
        + "real lift (true %.3f) in %d (%.4f), median day %d%n", nullConfirmed, deployments, DAYS, nullRate,
        trueAuc(CANDIDATE_SHIFT) - trueAuc(BASELINE_SHIFT), realConfirmed, realRate, dayConfirmed[deployments / 2]);

    assertThat(nullRate).as("false confirmations over every look").isLessThanOrEqualTo(0.05);
    assertThat(realRate).as("real lifts confirmed").isGreaterThanOrEqualTo(0.9);
  }

  private static boolean confirmed(Claim claim, TripwireResult look) {
    return look != null && FreshRows.of(claim, look).orElseThrow() instanceof FreshRows.Measured m && m.confirmed();
  }

  /** {alarms on the candidate AUC, on the lift, by a naive fixed daily threshold on the candidate AUC}. */
  private static int[] simulate(SplittableRandom random, TripwireSettings settings, double liveShift, int days) {
    double naive = new NormalDistribution().inverseCumulativeProbability(1 - settings.alpha());
    int[] alarms = new int[3];
    for (int d = 0; d < DEPLOYMENTS; d++) {
      double[] backtest = backtest(random);
      Claim candidateOnly = claim(backtest, true);
      BinnedDeLong live = new BinnedDeLong(LEVELS);
      boolean[] tripped = new boolean[3];
      for (int day = 1; day <= days; day++) {
        for (int i = 0; i < ROWS_PER_DAY; i++) {
          int[] row = row(random, liveShift, BASELINE_SHIFT);
          live.add(row[0] == 1, row[1], row[2]);
        }
        TripwireResult a = look(candidateOnly, live, settings, false);
        TripwireResult b = look(candidateOnly, live, settings, true);
        tripped[0] |= a instanceof TripwireResult.Tripped;
        tripped[1] |= b instanceof TripwireResult.Tripped;
        tripped[2] |= a instanceof TripwireResult.Held h && h.measurement().z() >= naive;
      }
      for (int k = 0; k < 3; k++) {
        alarms[k] += tripped[k] ? 1 : 0;
      }
    }
    return alarms;
  }

  private static TripwireResult look(Claim claim, BinnedDeLong live, TripwireSettings settings, boolean lift) {
    long positives = live.positiveCount();
    long negatives = live.negativeCount();
    if (positives < settings.minClass() || negatives < settings.minClass()) {
      return null;
    }
    double[] c = live.compare();
    Tripwire.Live value = lift
        ? new Tripwire.Live(Measurement.Statistic.LIFT, c[0] - c[1], c[2] + c[3] - 2 * c[4], "")
        : new Tripwire.Live(Measurement.Statistic.CANDIDATE_AUC, c[0], c[2], "no baseline");
    return Tripwire.decide(claim.gate(), Tripwire.claimed(claim, value.statistic()), value,
        (int) (positives + negatives), positives, negatives, 0, settings, claim);
  }

  /** The backtest's DeLong numbers: {candidate AUC, baseline AUC, var, var, cov, positives}. */
  private static double[] backtest(SplittableRandom random) {
    BinnedDeLong counts = new BinnedDeLong(LEVELS);
    for (int i = 0; i < BACKTEST_ROWS; i++) {
      int[] row = row(random, CANDIDATE_SHIFT, BASELINE_SHIFT);
      counts.add(row[0] == 1, row[1], row[2]);
    }
    double[] c = counts.compare();
    return new double[] {c[0], c[1], c[2], c[3], c[4], counts.positiveCount()};
  }

  private static Claim claim(double[] b, boolean paired) {
    double lift = b[0] - b[1];
    return new Claim("churn", FINGERPRINT, Instant.parse("2026-01-01T00:00:00Z"),
        Instant.parse("2026-06-30T00:00:00Z"), "gbm", "logreg", b[0], b[1], new Claim.Variances(b[2], b[3], b[4]),
        paired ? Comparison.Interval.PAIRED_DELONG : Comparison.Interval.CANDIDATE_ONLY, lift, lift - 0.05,
        lift + 0.05, 0.95, BACKTEST_ROWS, (int) b[5], null, List.of(), List.of(), List.of());
  }

  /** {label, candidate level, baseline level}: both models see a shared signal and noise of their own. */
  private static int[] row(SplittableRandom random, double candidateShift, double baselineShift) {
    boolean positive = random.nextDouble() < PREVALENCE;
    double shared = random.nextGaussian() * SHARED;
    double candidate = shared + random.nextGaussian() * OWN + (positive ? candidateShift : 0);
    double baseline = shared + random.nextGaussian() * OWN + (positive ? baselineShift : 0);
    return new int[] {positive ? 1 : 0, level(candidate), level(baseline)};
  }

  private static int level(double latent) {
    return (int) Math.max(0, Math.min(LEVELS - 1, Math.floor((latent + 2.5) / 0.5)));
  }

  /** The candidate's AUC on the 12 levels when positives' latent score is shifted by {@code shift}. */
  static double trueAuc(double shift) {
    NormalDistribution normal = new NormalDistribution();
    double[] pos = new double[LEVELS];
    double[] neg = new double[LEVELS];
    for (int k = 0; k < LEVELS; k++) {
      double lo = k == 0 ? Double.NEGATIVE_INFINITY : -2.5 + 0.5 * k;
      double hi = k == LEVELS - 1 ? Double.POSITIVE_INFINITY : -2.5 + 0.5 * (k + 1);
      pos[k] = normal.cumulativeProbability(hi - shift) - normal.cumulativeProbability(lo - shift);
      neg[k] = normal.cumulativeProbability(hi) - normal.cumulativeProbability(lo);
    }
    double auc = 0;
    double below = 0;
    for (int k = 0; k < LEVELS; k++) {
      auc += pos[k] * (below + 0.5 * neg[k]);
      below += neg[k];
    }
    return auc;
  }

  private static double shiftFor(double auc) {
    double lo = 0;
    double hi = 5;
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (trueAuc(mid) < auc) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  private static double margin(double rate) {
    return 1.96 * Math.sqrt(Math.max(rate, 1.0 / DEPLOYMENTS) * (1 - rate) / DEPLOYMENTS);
  }
}
