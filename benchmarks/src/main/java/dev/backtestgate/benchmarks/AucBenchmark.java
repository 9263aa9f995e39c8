package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Exact AUC side by side: this project's {@link Auc#of}, Smile's {@code AUC.of}, Commons Math's
 * Mann-Whitney U, a plain "sort an index array, sum the ranks" version, and the paired {@link
 * DeLong#compare} (both AUCs and the variance of the lift).
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar AucBenchmark -f 1 -wi 2 -i 3 -w 2s -r 2s
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.1")
public class AucBenchmark {

  @Param({"100000", "1000000", "10000000"})
  public int size;

  /** {@code ties}: scores rounded to 4 decimals; {@code distinct}: full double precision. */
  @Param({"ties", "distinct"})
  public String scores;

  boolean[] labels;
  int[] intLabels;
  double[] candidate;
  double[] baseline;
  double[] positiveScores;
  double[] negativeScores;

  /** About 30% positives; both models see the label through noise, the candidate more clearly. */
  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(20240601L);
    labels = new boolean[size];
    intLabels = new int[size];
    candidate = new double[size];
    baseline = new double[size];
    for (int i = 0; i < size; i++) {
      labels[i] = random.nextDouble() < 0.3;
      intLabels[i] = labels[i] ? 1 : 0;
      double signal = labels[i] ? 1.0 : 0.0;
      double shared = gaussian(random);
      candidate[i] = shape(sigmoid(1.2 * signal + shared + 0.5 * gaussian(random)));
      baseline[i] = shape(sigmoid(0.9 * signal + shared + 0.7 * gaussian(random)));
    }
    int positives = 0;
    for (boolean label : labels) {
      positives += label ? 1 : 0;
    }
    positiveScores = new double[positives];
    negativeScores = new double[size - positives];
    for (int i = 0, p = 0, q = 0; i < size; i++) {
      if (labels[i]) {
        positiveScores[p++] = candidate[i];
      } else {
        negativeScores[q++] = candidate[i];
      }
    }
  }

  private double shape(double x) {
    return scores.equals("ties") ? Math.round(x * 10_000) / 10_000.0 : x;
  }

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  private static double gaussian(SplittableRandom random) {
    // Box-Muller: SplittableRandom has no nextGaussian on Java 17
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  /** This project, boolean labels. */
  @Benchmark
  public double backtestGateAuc() {
    return Auc.of(labels, candidate);
  }

  /** This project, the same int[] labels Smile takes. */
  @Benchmark
  public double backtestGateAucIntLabels() {
    return Auc.of(intLabels, candidate);
  }

  /** This project, both AUCs plus the DeLong variance of the lift. */
  @Benchmark
  public AucComparison backtestGateDeLongCompare() {
    return DeLong.compare(labels, candidate, baseline, 0.95);
  }

  @Benchmark
  public double smileAuc() {
    return smile.validation.metric.AUC.of(intLabels, candidate);
  }

  /**
   * Commons Math returns max(U1, U2); the candidate's AUC is above 0.5, so that max is U of the
   * positives. The class split is done in setup (the API takes two arrays).
   */
  @Benchmark
  public double commonsMathMannWhitney() {
    double u = new MannWhitneyUTest().mannWhitneyU(positiveScores, negativeScores);
    return u / ((double) positiveScores.length * negativeScores.length);
  }

  /** What one writes by hand: sort boxed row indices by score, give ties their midrank, sum ranks. */
  @Benchmark
  public double plainIndexSortRankSum() {
    double[] s = candidate;
    Integer[] order = new Integer[s.length];
    for (int i = 0; i < s.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble(i -> s[i]));
    double positiveRankSum = 0;
    long positives = 0;
    int i = 0;
    while (i < order.length) {
      int j = i;
      while (j < order.length && s[order[j]] == s[order[i]]) {
        j++;
      }
      double midrank = (i + 1 + j) / 2.0; // ranks i+1..j share their mean
      for (int k = i; k < j; k++) {
        if (labels[order[k]]) {
          positiveRankSum += midrank;
          positives++;
        }
      }
      i = j;
    }
    long negatives = s.length - positives;
    return (positiveRankSum - positives * (positives + 1) / 2.0) / (positives * negatives);
  }
}
