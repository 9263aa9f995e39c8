package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.metrics.RocCurve;
import dev.backtestgate.pointintime.PointInTimeCheck;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The whole gate end to end, beside the one statistic it is built around: {@code build} validates a
 * {@link BacktestRun} of {@code size} rows with {@code features} timed features, {@code evaluate} runs
 * {@link BacktestGate#evaluate} (paired DeLong, point-in-time checks, fingerprint, sign-off lookup),
 * {@code publish} runs {@link GateReporter#publish} (JSON, HTML with ROC curves, index) into a temporary
 * directory, {@code evaluateAndPublish} both in a row, and {@code deLong} one {@link DeLong#compare} on
 * the same rows. The target: {@code evaluateAndPublish} within twice {@code deLong}. {@code fingerprint},
 * {@code pointInTime} and {@code rocCurves} time the parts that dominate, one by one.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar GateBenchmark -f 1 -wi 2 -i 5 -w 1 -r 1 -jvmArgs -Xmx8g
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.1")
public class GateBenchmark {
  private static final long START = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
  private static final long YEAR = 365L * 24 * 3600 * 1000;
  /** The points per curve the HTML report draws (its {@code ReportEvidence.MAX_CURVE_POINTS}). */
  private static final int CURVE_POINTS = 2_000;

  @Param({"10000000"})
  public int size;

  @Param({"5"})
  public int features;

  /** Calendar months the decision times span, so the lift-trend check measures this many periods. */
  @Param({"12"})
  public int months = 12;

  boolean[] labels;
  double[] candidate;
  double[] baseline;
  long[] decisionTimes;
  long[][] knownAt;
  BacktestRun run;
  GateResult result;
  GatePolicy policy;
  ReviewStore reviews;
  Clock clock;
  Path directory;

  /** About 30% positives; scores through noise (candidate clearer); every value known before its decision. */
  @Setup
  public void setUp() throws IOException {
    SplittableRandom random = new SplittableRandom(20240601L);
    labels = new boolean[size];
    candidate = new double[size];
    baseline = new double[size];
    decisionTimes = new long[size];
    knownAt = new long[features][size];
    for (int i = 0; i < size; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double signal = labels[i] ? 1.0 : 0.0;
      double shared = gaussian(random);
      candidate[i] = sigmoid(1.2 * signal + shared + 0.5 * gaussian(random));
      baseline[i] = sigmoid(0.9 * signal + shared + 0.7 * gaussian(random));
      decisionTimes[i] = START + random.nextLong(months * YEAR / 12);
      for (int f = 0; f < features; f++) {
        knownAt[f][i] = decisionTimes[i] - random.nextLong(30L * 24 * 3600 * 1000);
      }
    }
    directory = Files.createTempDirectory("gate-benchmark");
    policy = GatePolicy.defaults().withMaxLift(0.5).withMode(Mode.VERIFY);
    reviews = ReviewStore.directory(directory.resolve("leakage-reviews"));
    clock = Clock.fixed(Instant.parse("2025-06-01T00:00:00Z"), ZoneOffset.UTC);
    run = build();
    result = BacktestGate.evaluate(run, policy, reviews, clock);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  @Benchmark
  public BacktestRun build() {
    BacktestRun.Builder builder = BacktestRun.builder("dev.backtestgate.benchmarks.GateBenchmark#gate")
        .labels(labels)
        .candidate("candidate", candidate)
        .baseline("baseline", baseline)
        .decisionTimes(decisionTimes);
    for (int f = 0; f < features; f++) {
      builder.feature("feature" + f, knownAt[f]);
    }
    return builder.build();
  }

  @Benchmark
  public GateResult evaluate() {
    return BacktestGate.evaluate(run, policy, reviews, clock);
  }

  @Benchmark
  public PublishedGate publish() {
    return GateReporter.publish(run, result, new ReportFiles(directory.resolve("reports")), reviews);
  }

  @Benchmark
  public PublishedGate evaluateAndPublish() {
    GateResult evaluated = BacktestGate.evaluate(run, policy, reviews, clock);
    return GateReporter.publish(run, evaluated, new ReportFiles(directory.resolve("reports")), reviews);
  }

  /**
   * What a user pays for one gated backtest: the run built from its columns, evaluated and published. The run keeps
   * what its checks derive (the lift trend's pass, the feature-label screen), so {@link #evaluate} and
   * {@link #evaluateAndPublish} on the one run of the trial reuse them after their first call; this one does not.
   */
  @Benchmark
  public PublishedGate buildEvaluateAndPublish() {
    BacktestRun fresh = build();
    GateResult evaluated = BacktestGate.evaluate(fresh, policy, reviews, clock);
    return GateReporter.publish(fresh, evaluated, new ReportFiles(directory.resolve("reports")), reviews);
  }

  @Benchmark
  public AucComparison deLong() {
    return DeLong.compare(labels, candidate, baseline, 0.95);
  }

  /** Breakdown: the data fingerprint that {@code evaluate} computes (version 2; {@link FingerprintBenchmark}). */
  /** The built-in lift-trend check's measurement: the lift per month ({@link #months} periods). */
  @Benchmark
  public dev.backtestgate.lifttrend.LiftTrend liftTrend() {
    return dev.backtestgate.lifttrend.LiftTrend.measure(labels, candidate, baseline, decisionTimes,
        dev.backtestgate.lifttrend.LiftTrendSettings.defaults(), 0.95);
  }

  @Benchmark
  public String fingerprint() {
    return BacktestGate.fingerprint(run);
  }

  /** Breakdown: the point-in-time checks of every timed feature that {@code evaluate} runs. */
  @Benchmark
  public int pointInTime() {
    int violations = 0;
    for (int f = 0; f < features; f++) {
      violations += PointInTimeCheck.check("feature" + f, decisionTimes, knownAt[f], Duration.ZERO).isPresent() ? 1 : 0;
    }
    return violations;
  }

  /**
   * Breakdown: both ROC curves that {@code publish} draws on the HTML page, as the report computes them (the drawn
   * points only, with the AUCs the gate already computed).
   */
  @Benchmark
  public RocCurve rocCurves() {
    Auc.curve(labels, candidate, CURVE_POINTS, result.comparison().candidateAuc());
    return Auc.curve(labels, baseline, CURVE_POINTS, result.comparison().baselineAuc());
  }

  private static double gaussian(SplittableRandom random) {
    double u = 1.0 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }
}
