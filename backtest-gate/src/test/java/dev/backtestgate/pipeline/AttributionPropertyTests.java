package dev.backtestgate.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.Baseline;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * The attribution over random score sets: its numbers against a brute-force DeLong (every pair of a positive and a
 * negative row) and a brute-force Fieller set, and its words against its JSON numbers, whatever the lift (below zero,
 * within its noise, far above the limit), the ties, the kind of baseline and the features it declares.
 */
class AttributionPropertyTests {
  private static final double Z = 1.959963984540054;

  /** Random test rows: labels, the full refit, one refit without each feature, the baseline. */
  record World(boolean[] labels, double[] full, List<Attribution.Without> without, double[] baseline) {
    static World random(long seed, int rows, int features, boolean ties) {
      Random random = new Random(seed);
      boolean[] labels = new boolean[rows];
      for (int i = 0; i < rows; i++) {
        labels[i] = i < 2 || (i >= 2 && i < 4 ? false : random.nextDouble() < 0.4);
      }
      double[][] x = new double[features][rows];
      double[] strength = new double[features];
      for (int f = 0; f < features; f++) {
        strength[f] = random.nextDouble() * 2 - 0.3;
        for (int i = 0; i < rows; i++) {
          x[f][i] = (labels[i] ? strength[f] : 0) + random.nextGaussian();
        }
      }
      double[] full = new double[rows];
      for (int f = 0; f < features; f++) {
        add(full, x[f], 1);
      }
      List<Attribution.Without> without = new ArrayList<>();
      for (int f = 0; f < features; f++) {
        double[] w = full.clone();
        add(w, x[f], -1);
        for (int i = 0; i < rows; i++) {
          w[i] += 0.3 * random.nextGaussian();   // a refit is not the full model minus one term
        }
        without.add(new Attribution.Without("f" + f, round(w, ties), random.nextInt(5)));
      }
      double[] baseline = new double[rows];
      add(baseline, x[0], random.nextDouble() * 1.5);
      for (int i = 0; i < rows; i++) {
        baseline[i] += random.nextDouble() < 0.5 ? 0 : random.nextGaussian();
      }
      return new World(labels, round(full, ties), without, round(baseline, ties));
    }

    private static void add(double[] to, double[] x, double weight) {
      for (int i = 0; i < to.length; i++) {
        to[i] += weight * x[i];
      }
    }

    private static double[] round(double[] scores, boolean ties) {
      if (ties) {
        for (int i = 0; i < scores.length; i++) {
          scores[i] = Math.round(scores[i] * 2) / 2.0;
        }
      }
      return scores;
    }
  }

  @Property(tries = 300)
  void theSharesAndTheirIntervalsAreTheBruteForceOnes(@ForAll long seed, @ForAll @IntRange(min = 8, max = 60) int rows,
      @ForAll @IntRange(min = 2, max = 4) int features, @ForAll boolean ties, @ForAll boolean fixedBaseline) {
    World w = World.random(seed, rows, features, ties);
    BruteForce brute = new BruteForce(w.labels());
    double b = brute.auc(w.baseline());
    Baseline baseline = fixedBaseline ? new Baseline.FixedAuc("fixed", b) : new Baseline.Scored("scored", w.baseline());
    Attribution.Result result = Attribution.of(w.labels(), w.full(), baseline, w.without(), Set.of());

    double a = brute.auc(w.full());
    assertThat(result.refit().lift()).isEqualTo(a - b, within(1e-12));
    double lift = result.refit().lift();   // exact (from integer pair counts): a zero lift is zero, not a rounding
    double vl = fixedBaseline ? brute.cov(w.full(), w.full())
        : brute.cov(w.full(), w.full()) + brute.cov(w.baseline(), w.baseline()) - 2 * brute.cov(w.full(), w.baseline());
    assertThat(result.refit().refitAuc()).isEqualTo(a, within(1e-12));
    assertThat(result.refit().ciLower()).isEqualTo(lift - Z * Math.sqrt(Math.max(0, vl)), within(1e-9));
    for (Attribution.Without without : w.without()) {
      FeatureLift f = result.features().stream().filter(x -> x.feature().equals(without.feature())).findFirst()
          .orElseThrow();
      double[] s = without.scores();
      double d = a - brute.auc(s);
      assertThat(f.carried()).isEqualTo(d, within(1e-12));
      assertThat(f.liftWithout()).isEqualTo(brute.auc(s) - b, within(1e-12));
      if (!(lift > 0)) {
        assertThat(f.share()).isNaN();
        continue;
      }
      assertThat(f.share()).isEqualTo(Math.max(0, Math.min(1, d / lift)), within(1e-8));
      double vd = brute.cov(w.full(), w.full()) + brute.cov(s, s) - 2 * brute.cov(w.full(), s);
      // cov(A - A_-f, A - B), term by term
      double c = brute.cov(w.full(), w.full()) - brute.cov(s, w.full())
          - (fixedBaseline ? 0 : brute.cov(w.full(), w.baseline()) - brute.cov(s, w.baseline()));
      double quadratic = lift * lift - Z * Z * vl;
      if (quadratic <= 1e-12) {
        if (quadratic < -1e-12) {
          assertThat(new double[] {f.shareLower(), f.shareUpper()}).containsExactly(0, 1);
        }
        continue;
      }
      // the Fieller set, point by point on a grid of the open range (0, 1)
      for (int k = 1; k < 1_000; k++) {
        double r = k / 1_000.0;
        double q = (d - r * lift) * (d - r * lift) - Z * Z * (vd - 2 * r * c + r * r * vl);
        if (r < f.shareLower() - 1e-6 || r > f.shareUpper() + 1e-6) {
          assertThat(q).as("outside the interval, ratio %s", r).isGreaterThan(-1e-9);
        } else if (r > f.shareLower() + 1e-6 && r < f.shareUpper() - 1e-6) {
          assertThat(q).as("inside the interval, ratio %s", r).isLessThan(1e-9);
        }
      }
    }
  }

  @Property(tries = 300)
  void everyPrintedShareIsWithinZeroToAHundredPerCentAndTheWordsAreTheJsonNumbers(@ForAll long seed,
      @ForAll @IntRange(min = 8, max = 300) int rows, @ForAll @IntRange(min = 2, max = 5) int features,
      @ForAll boolean ties, @ForAll boolean fixedBaseline, @ForAll boolean fitScope,
      @ForAll @DoubleRange(min = 0.0, max = 0.2) double maxLift,
      @ForAll @DoubleRange(min = 0.01, max = 1.0) double maxShare) {
    World w = World.random(seed, rows, features, ties);
    Random random = new Random(seed ^ 0x5eed);
    Set<String> inBaseline = new HashSet<>();
    List<String> declared = new ArrayList<>();
    for (Attribution.Without without : w.without()) {
      if (random.nextInt(3) == 0) {
        inBaseline.add(without.feature());
        declared.add(without.feature());
      }
    }
    if (random.nextInt(4) == 0) {
      declared.add("bureau_score");   // a feature only the baseline uses
    }
    List<String> notRefit = random.nextInt(4) == 0 ? List.of("late") : List.of();
    Baseline baseline = fixedBaseline ? new Baseline.FixedAuc("fixed", random.nextDouble() * 0.6 + 0.4, declared)
        : new Baseline.Scored("scored", w.baseline(), declared);
    Attribution.Result result = Attribution.of(w.labels(), w.full(), baseline, w.without(), inBaseline);
    double recordedAuc = result.refit().refitAuc() + (fitScope ? 0.05 : 0);
    LiftAttributionFinding finding = new LiftAttributionFinding(result.refit().lift() + (fitScope ? 0.05 : 0),
        result.refit(), result.features(), declared, fitScope, recordedAuc, notRefit, "PT10M", 5, 2, 1, 7);

    AttributionWords.assertTrue(finding.render());
    String text = String.join("\n", finding.render().lines());
    Statistics.label("lift").collect(result.refit().lift() > 0 ? "above zero" : "not above zero");
    Statistics.label("falls below").collect(text.contains("falls below the baseline"));
    Statistics.label("disappears").collect(text.contains("disappears without"));
    assertThat(finding.render().lines().get(1).startsWith("  These are the honest refit's numbers")).isEqualTo(fitScope);
    Optional<LiftCarrierFinding> carrier = finding.carrier(maxLift, maxShare);
    Optional<FeatureLift> expected = result.refit().lift() > maxLift
        ? result.features().stream().filter(f -> !f.inBaseline() && f.share() > maxShare).findFirst()
        : Optional.empty();
    assertThat(carrier.map(LiftCarrierFinding::feature)).isEqualTo(expected);
    Statistics.label("carrier").collect(carrier.isPresent());
    // the random worlds reach every wording, and carriers
    Statistics.label("lift").coverage(c -> c.check("above zero").percentage(p -> p > 30));
    Statistics.label("falls below").coverage(c -> c.check(true).percentage(p -> p > 5));
    Statistics.label("disappears").coverage(c -> c.check(true).percentage(p -> p > 20));
    Statistics.label("carrier").coverage(c -> c.check(true).percentage(p -> p > 5));
    carrier.ifPresent(c -> {
      assertThat(c.feature().inBaseline()).isFalse();
      AttributionWords.assertTrue(c.render());
      assertThat(c.render().lines().get(1).startsWith("  These are the honest refit's numbers")).isEqualTo(fitScope);
    });
  }

  /** DeLong's structural components by every pair of a positive and a negative row. */
  static final class BruteForce {
    private final boolean[] labels;
    private final int positives;
    private final int negatives;

    BruteForce(boolean[] labels) {
      this.labels = labels;
      int p = 0;
      for (boolean label : labels) {
        p += label ? 1 : 0;
      }
      positives = p;
      negatives = labels.length - p;
    }

    double auc(double[] s) {
      double sum = 0;
      for (double v : v10(s)) {
        sum += v;
      }
      return sum / positives;
    }

    /** DeLong's covariance of the AUCs of {@code a} and {@code b}: S10 / positives + S01 / negatives. */
    double cov(double[] a, double[] b) {
      return covariance(v10(a), v10(b)) / positives + covariance(v01(a), v01(b)) / negatives;
    }

    private double[] v10(double[] s) {
      double[] out = new double[positives];
      int k = 0;
      for (int i = 0; i < s.length; i++) {
        if (labels[i]) {
          double sum = 0;
          for (int j = 0; j < s.length; j++) {
            sum += labels[j] ? 0 : psi(s[i], s[j]);
          }
          out[k++] = sum / negatives;
        }
      }
      return out;
    }

    private double[] v01(double[] s) {
      double[] out = new double[negatives];
      int k = 0;
      for (int j = 0; j < s.length; j++) {
        if (!labels[j]) {
          double sum = 0;
          for (int i = 0; i < s.length; i++) {
            sum += labels[i] ? psi(s[i], s[j]) : 0;
          }
          out[k++] = sum / positives;
        }
      }
      return out;
    }

    private static double psi(double positive, double negative) {
      return positive > negative ? 1 : positive == negative ? 0.5 : 0;
    }

    private static double covariance(double[] x, double[] y) {
      double mx = 0;
      double my = 0;
      for (int i = 0; i < x.length; i++) {
        mx += x[i];
        my += y[i];
      }
      mx /= x.length;
      my /= y.length;
      double sum = 0;
      for (int i = 0; i < x.length; i++) {
        sum += (x[i] - mx) * (y[i] - my);
      }
      return sum / (x.length - 1);
    }
  }
}
