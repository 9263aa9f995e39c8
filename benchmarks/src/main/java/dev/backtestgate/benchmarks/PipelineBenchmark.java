package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The pipeline checks' own cost, beside the statistic it is measured in: a run of {@code size} test rows and as many
 * training rows, {@code features} features, each side ten decisions of each of {@code size / 10} entities, gated
 * {@code withPipeline} (two full refits, one on the next decision's labels and one drop-column refit per feature) and
 * {@code withoutPipeline}, with a pipeline that costs next to nothing (fit learns nothing, score copies the first
 * column), so the difference is the checks' overhead: the inputs' hashes before and after, the two refits' AUCs and
 * agreement, the time-shift test's sorts, row copy and AUC, one paired DeLong per dropped feature. {@code deLong} is one {@link DeLong#compare}
 * on the same rows. The target: the overhead per refit at most one {@code deLong}.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar PipelineBenchmark -f 1 -wi 2 -i 5 -w 1 -r 1 -jvmArgs -Xmx8g
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.2")
public class PipelineBenchmark {
  @Param("1000000")
  int size;

  @Param("5")
  int features;

  private BacktestRun with;
  private BacktestRun without;
  private boolean[] labels;
  private double[] candidate;
  private double[] baseline;

  /** The nearly free pipeline: the first column is the score, whatever the training rows. */
  static final Pipeline FIRST_COLUMN = training -> rows -> rows.column(0).clone();

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(7);
    labels = new boolean[size];
    boolean[] trainLabels = new boolean[size];
    double[][] test = new double[features][size];
    double[][] train = new double[features][size];
    long[] decided = new long[size];
    long[] trainDecided = new long[size];
    long[] trainKnown = new long[size];
    long[] entities = new long[size];
    for (int i = 0; i < size; i++) {
      entities[i] = i % Math.max(1, size / 10);
      trainDecided[i] = 1_600_000_000_000L + i * 1_000L;
      trainKnown[i] = trainDecided[i] + 1_000L;
      labels[i] = random.nextDouble() < 0.2;
      trainLabels[i] = random.nextDouble() < 0.2;
      decided[i] = 1_700_000_000_000L + i * 1_000L;
      for (int f = 0; f < features; f++) {
        test[f][i] = (labels[i] ? 0.5 : 0) + random.nextGaussian();
        train[f][i] = (trainLabels[i] ? 0.5 : 0) + random.nextGaussian();
      }
    }
    candidate = test[0].clone();
    baseline = new double[size];
    for (int i = 0; i < size; i++) {
      baseline[i] = candidate[i] + 0.1 * random.nextGaussian();
    }
    PipelineRows.Builder training = PipelineRows.builder();
    for (int f = 0; f < features; f++) {
      training.feature("f" + f, train[f]);
    }
    PipelineRows trainingRows = training.labels(trainLabels).build();
    without = run(test, decided).training(trainDecided, trainKnown, entities).entities(entities).build();
    with = run(test, decided).training(trainDecided, trainKnown, entities).entities(entities)
        .input(PipelineInput.of(FIRST_COLUMN, trainingRows)).build();
  }

  private BacktestRun.Builder run(double[][] test, long[] decided) {
    BacktestRun.Builder b = BacktestRun.builder("bench#pipeline").labels(labels).candidate("c", candidate)
        .baseline("b", baseline).decisionTimes(decided);
    for (int f = 0; f < features; f++) {
      b.timelessFeature("f" + f, "benchmark").featureValues("f" + f, test[f]);
    }
    return b;
  }

  private static GateResult evaluate(BacktestRun run) {
    return BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(Path.of("no-reviews-here")),
        Clock.systemUTC());
  }

  @Benchmark
  public GateResult withPipeline() {
    return evaluate(with);
  }

  @Benchmark
  public GateResult withoutPipeline() {
    return evaluate(without);
  }

  @Benchmark
  public AucComparison deLong() {
    return DeLong.compare(labels, candidate, baseline, 0.95);
  }
}
