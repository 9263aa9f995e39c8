package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The one-pass split against the straightforward one (DeLong on a copy of each period's rows), bit for bit. */
class PeriodSplitTests {
  private static final long START = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;

  /**
   * Months, weeks or fixed durations; rows in time order or not; periods of unequal size, empty, or of one class;
   * scores with many ties or none.
   */
  @Property(tries = 300, seed = "20261204")
  void agreesWithDeLongOnEachPeriodsOwnRows(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 600) int n,
      @ForAll @IntRange(min = 1, max = 400) int days,
      @ForAll @IntRange(min = 0, max = 2) int unit,
      @ForAll @IntRange(min = 1, max = 4) int tieLevels,
      @ForAll boolean ordered,
      @ForAll @IntRange(min = 2, max = 6) int minClass) {
    SplittableRandom random = new SplittableRandom(seed);
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    double skew = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) {
      double at = ordered ? (double) i / n : random.nextDouble();
      times[i] = START + (long) (Math.pow(at, skew) * days * DAY);
      double positiveShare = times[i] < START + days * DAY / 3 ? 0.5 : random.nextDouble() < 0.1 ? 0.0 : 0.3;
      labels[i] = random.nextDouble() < positiveShare;
      candidate[i] = score(random, labels[i], tieLevels);
      baseline[i] = score(random, labels[i], tieLevels);
    }
    LiftPeriods periods = switch (unit) {
      case 0 -> LiftPeriods.MONTH;
      case 1 -> LiftPeriods.WEEK;
      default -> LiftPeriods.every(Duration.ofDays(10));
    };
    long first = java.util.Arrays.stream(times).min().orElseThrow();
    long last = java.util.Arrays.stream(times).max().orElseThrow();
    PeriodGrid grid = periods.grid(first, last, LiftTrendSettings.MAX_PERIODS);

    List<PeriodLift> fast = PeriodSplit.measure(labels, candidate, baseline, times, grid, minClass, 0.95);
    List<PeriodLift> reference =
        PeriodSplitReference.measure(labels, candidate, baseline, times, grid, minClass, 0.95);

    assertThat(fast).isEqualTo(reference);
  }

  /** 1 tie level: continuous scores; more: scores rounded to that many levels per unit, so many ties. */
  private static double score(SplittableRandom random, boolean positive, int tieLevels) {
    double x = (positive ? 0.7 : 0.0) + random.nextDouble();
    return tieLevels == 1 ? x : Math.floor(x * tieLevels) / tieLevels;
  }
}
