package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.metrics.Auc;
import dev.backtestgate.FeatureColumn;
import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The feature–label screen of 20 features against one exact AUC on the same rows (the target: within 20×). The
 * features: 8 continuous numeric ones (3 with 5% missing), 4 numeric ones with few distinct values (rounded, ties),
 * 4 integers (counts), and 4 categorical ones: 12 and 400 categories, a 1M-value code with 5% missing, and an id
 * unique per row. About 30% positives; each feature carries some signal.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -Xmx8g -jar benchmarks/target/benchmarks.jar FeatureScreenBenchmark -f 1 -wi 2 -i 5 -w 5s -r 5s
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g"})
@API(status = INTERNAL, since = "0.1")
public class FeatureScreenBenchmark {
  @Param({"10000000"})
  public int rows;

  boolean[] labels;
  List<FeatureColumn> features;
  double[] firstFeature;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(20261202L);
    labels = new boolean[rows];
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextDouble() < 0.3;
    }
    features = new ArrayList<>();
    for (int f = 0; f < 16; f++) {
      double[] values = new double[rows];
      double signal = 0.1 + 0.05 * f;
      for (int i = 0; i < rows; i++) {
        double v = (labels[i] ? signal : 0) + gaussian(random);
        if (f >= 8 && f < 12) {
          v = Math.round(v * 10) / 10.0;
        } else if (f >= 12) {
          v = Math.floor(Math.abs(v) * 3);
        } else if (f < 3 && random.nextDouble() < 0.05) {
          v = Double.NaN;
        }
        values[i] = v;
      }
      features.add(new FeatureColumn.Numeric("n" + f, values));
    }
    int[] cardinalities = {12, 400, 1_000_000, -1};
    for (int f = 0; f < cardinalities.length; f++) {
      int[] codes = new int[rows];
      for (int i = 0; i < rows; i++) {
        int k = cardinalities[f];
        codes[i] = k < 0 ? i : (labels[i] && random.nextDouble() < 0.2 ? random.nextInt(Math.max(1, k / 4))
            : random.nextInt(k));
        if (f == 2 && random.nextDouble() < 0.05) {
          codes[i] = FeatureColumn.MISSING_CODE;
        }
      }
      features.add(new FeatureColumn.Categorical("c" + f, codes));
    }
    firstFeature = ((FeatureColumn.Numeric) features.get(3)).values();
  }

  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  /** The screen of all 20 features: direction-free AUC and DeLong interval each, in parallel over features. */
  @Benchmark
  public List<FeatureScore> screen20Features() {
    return FeatureLabelScreen.screenAll(labels, features, 0.95);
  }

  /** One exact AUC of one continuous feature on the same rows: the unit the screen is measured in. */
  @Benchmark
  public double oneAuc() {
    return Auc.of(labels, firstFeature);
  }
}
