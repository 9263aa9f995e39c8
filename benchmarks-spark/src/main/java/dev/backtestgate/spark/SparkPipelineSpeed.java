package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sum;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.pipeline.PipelineEvidence;
import dev.backtestgate.pipeline.PipelineSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A runner (not a test) for the Spark pipeline checks' own cost, on {@code local[2]}: N training and N test rows
 * (cached, following a formula of the row id), a cheap deterministic estimator ({@code VectorAssembler} and a
 * {@code LogisticRegression} of 5 iterations over 3 features). It times (a) the user's refit alone (fit on the
 * training rows, transform of the test rows, forced by a sum of the scores), the mean of {@value #REFIT_REPEATS}
 * after a warm-up; (b) one {@link SparkDeLong#compare} on the test rows, after a warm-up; (c) the whole {@link SparkGateEvidence} with the pipeline
 * (fit-scope, attribution for the 3 features, time shift, duplicates). It prints (c) minus the refits' sum
 * (refits × (a)) against refits × (b): the target is an overhead of at most one SparkDeLong per refit; and (d) the
 * same evidence without the pipeline, so that (c) − (d) − the refits is the pipeline checks' cost alone. What reached
 * the driver: the evidence's sizes (example rows and counts), and the task results' bytes during (c) from a listener,
 * failing if a task sent more than twice the largest result of a refit or of a SparkDeLong (whose distinct-score
 * tables, 24 bytes a score, are collected by design).
 *
 * <pre>
 * mvn -B -ntp -o -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkPipelineSpeed -Dbench.args=1000000 -Dbench.heap=3g
 * </pre>
 */
@API(status = INTERNAL, since = "0.2")
public final class SparkPipelineSpeed {
  private static final int REFIT_REPEATS = 2;
  private static final String[] FEATURES = {"f1", "f2", "f3"};

  private SparkPipelineSpeed() {}

  public static void main(String[] args) throws IOException {
    if (args.length > 1) {
      throw new IllegalArgumentException("usage: SparkPipelineSpeed [ROWS] (training rows = test rows, default "
          + "1000000)");
    }
    long n = args.length == 0 ? 1_000_000 : Long.parseLong(args[0]);
    System.out.printf(Locale.ROOT, "CPU: %s, %d cores; load before: %s%n", cpu(),
        Runtime.getRuntime().availableProcessors(), load());
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pipeline-speed")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    ResultBytes driver = new ResultBytes();
    spark.sparkContext().addSparkListener(driver);

    Dataset<Row> training = rows(spark, 0, n).cache();
    training.count();
    Pipeline estimator = new Pipeline().setStages(new PipelineStage[] {
        new VectorAssembler().setInputCols(FEATURES).setOutputCol("features"),
        new LogisticRegression().setLabelCol("label").setMaxIter(5).setRegParam(0.01)});

    // (a) the user's refit: fit on the training rows, transform the test rows, forced by an action
    Dataset<Row> testRows = rows(spark, n, n).cache();
    testRows.count();
    long refitNanos = 0;
    long refitLargest = 0;
    Model<?> model = null;
    for (int r = 0; r <= REFIT_REPEATS; r++) {   // 0: the warm-up, not counted
      driver.reset();
      long t0 = System.nanoTime();
      model = (Model<?>) estimator.fit(training);
      double total = model.transform(testRows)
          .agg(sum(org.apache.spark.ml.functions.vector_to_array(col("probability"), "float64").getItem(1)))
          .first().getDouble(0);
      long t1 = System.nanoTime();
      refitNanos += r == 0 ? 0 : t1 - t0;
      refitLargest = Math.max(refitLargest, driver.largest.get());
      System.out.printf(Locale.ROOT, "(a) refit %s (fit + transform + sum of scores): %.2f s (sum %.3f)%n",
          r == 0 ? "warm-up" : Integer.toString(r),
          (t1 - t0) / 1e9, total);
    }
    double refit = refitNanos / 1e9 / REFIT_REPEATS;
    Dataset<Row> test = model.transform(testRows)
        .withColumn("cand", org.apache.spark.ml.functions.vector_to_array(col("probability"), "float64").getItem(1))
        .select("rowId", "account", "decisionTime", "label", "f1", "f2", "f3", "cand", "base").cache();
    test.count();
    testRows.unpersist();

    // (b) one SparkDeLong on the test rows, after a warm-up one
    SparkDeLong.compare(test, "label", "cand", "base", 0.95);
    driver.reset();
    long t0 = System.nanoTime();
    AucComparison deLongResult = SparkDeLong.compare(test, "label", "cand", "base", 0.95);
    long t1 = System.nanoTime();
    double deLong = (t1 - t0) / 1e9;
    long deLongLargest = driver.largest.get();
    System.out.printf(Locale.ROOT, "(b) SparkDeLong.compare: %.2f s (AUC %.4f vs %.4f)%n", deLong,
        deLongResult.candidateAuc(), deLongResult.baselineAuc());

    // (d) the same evidence without the pipeline, to tell the pipeline checks' cost from the rest
    long t4 = System.nanoTime();
    SparkGateEvidence.builder(test).gate("speed#lr").policy(GatePolicy.defaults())
        .labels("label").candidate("lr", "cand").baseline("f1-only", "base", "f1").rows("rowId", "decisionTime")
        .timelessFeature("f1", "as of the decision").timelessFeature("f2", "as of the decision")
        .timelessFeature("f3", "as of the decision").compute();
    double without = (System.nanoTime() - t4) / 1e9;
    System.out.printf(Locale.ROOT, "(d) SparkGateEvidence without the pipeline: %.2f s%n", without);

    // (c) the whole evidence with the pipeline
    SparkPipeline pipeline = SparkPipeline.of(estimator, training, "label", "rowId", FEATURES)
        .entities("account", "decisionTime", "account");
    GatePolicy policy = GatePolicy.defaults().with(PipelineSettings.DEFAULTS.budget(Duration.ofHours(2)));
    driver.reset();
    long t2 = System.nanoTime();
    GateEvidence evidence = SparkGateEvidence.builder(test).gate("speed#lr").policy(policy)
        .labels("label").candidate("lr", "cand").baseline("f1-only", "base", "f1").rows("rowId", "decisionTime")
        .timelessFeature("f1", "as of the decision").timelessFeature("f2", "as of the decision")
        .timelessFeature("f3", "as of the decision").pipeline(pipeline).compute();
    long t3 = System.nanoTime();
    double whole = (t3 - t2) / 1e9;
    PipelineEvidence part = evidence.part(PipelineEvidence.class).orElseThrow();
    if (!(part.outcome() instanceof PipelineEvidence.Measured measured)) {
      throw new IllegalStateException("the pipeline evidence was not measured: " + part.outcome());
    }
    PipelineEvidence.Lifts lifts = measured.lifts().orElseThrow();
    int refits = lifts.refits();
    double overhead = whole - refits * refit;
    System.out.printf(Locale.ROOT, "(c) SparkGateEvidence with the pipeline: %.2f s, %d refits (the refits' own "
        + "wall %.2f s, the first full refit %.2f s)%n", whole, refits, lifts.wallMillis() / 1e3,
        lifts.fullRefitMillis() / 1e3);
    System.out.printf(Locale.ROOT, "N = %,d: (c) - %d x (a) = %.2f - %.2f = %.2f s overhead = %.2f SparkDeLongs per "
        + "refit (target <= 1: %s); against the refits' measured wall: %.2f s = %.2f SparkDeLongs per refit%n", n,
        refits, whole, refits * refit, overhead, overhead / (refits * deLong),
        overhead <= refits * deLong ? "holds" : "missed", whole - lifts.wallMillis() / 1e3,
        (whole - lifts.wallMillis() / 1e3) / (refits * deLong));
    double pipelineOnly = whole - without - refits * refit;
    System.out.printf(Locale.ROOT, "the pipeline checks alone: (c) - (d) - %d x (a) = %.2f s = %.2f SparkDeLongs per "
        + "refit (target <= 1: %s)%n", refits, pipelineOnly, pipelineOnly / (refits * deLong),
        pipelineOnly <= refits * deLong ? "holds" : "missed");
    long rowBytes = 8 * n;
    System.out.printf(Locale.ROOT, "driver: fit-scope %d rows outside, %d example rows; duplicates %d, %d example "
        + "pairs; attribution %d features; time shift %d findings; task results during (c): %,d B in %,d tasks, "
        + "largest %,d B (stage '%s'); largest in one refit %,d B, in one SparkDeLong %,d B (its distinct-score "
        + "tables); one score per test row would be %,d B%n", measured.fitScope().outside(),
        measured.fitScope().largest().size(), measured.copies().duplicates(), measured.copies().examples().size(),
        lifts.features().size(), measured.timeShift().size(), driver.bytes.get(), driver.tasks.get(),
        driver.largest.get(), driver.largestStage, refitLargest, deLongLargest, rowBytes);
    System.out.printf(Locale.ROOT, "profile of (c), job wall summed by the call site of its action (%d jobs, %.2f s;"
        + " jobs may overlap):%n",
        driver.jobs.get(), driver.jobNanos.values().stream().mapToLong(AtomicLong::get).sum() / 1e9);
    driver.jobNanos.entrySet().stream()
        .sorted((x, y) -> Long.compare(y.getValue().get(), x.getValue().get()))
        .forEach(e -> System.out.printf(Locale.ROOT, "  %8.2f s %4d jobs  %s%n", e.getValue().get() / 1e9,
            driver.jobCounts.get(e.getKey()).get(), e.getKey()));
    if (driver.largest.get() > 2 * Math.max(refitLargest, deLongLargest)) {
      throw new IllegalStateException("a task of the evidence sent " + driver.largest.get() + " B to the driver, "
          + "more than twice the largest of a refit or a SparkDeLong: something beyond counts, example rows and "
          + "score tables reached the driver");
    }
    spark.stop();
    System.out.printf(Locale.ROOT, "load after: %s%n", load());
  }

  /**
   * {@code count} rows from id {@code from}, numbered from 0: 3 features, a 0/1 label of a logistic formula, a baseline score (f1),
   * 4 decisions per account a minute apart.
   */
  private static Dataset<Row> rows(SparkSession spark, long from, long count) {
    long accounts = Math.max(1, count / 4);
    return spark.range(from, from + count).selectExpr("id - " + from + " AS rowId",
        "id % " + accounts + " AS account",
        "1700000000000 + id * 60000 AS decisionTime",
        "CAST((abs(hash(id, 1)) % 100000) / 100000.0 AS DOUBLE) AS f1",
        "CAST((abs(hash(id, 2)) % 100000) / 100000.0 AS DOUBLE) AS f2",
        "CAST((abs(hash(id, 3)) % 100000) / 100000.0 AS DOUBLE) AS f3",
        "CAST((abs(hash(id, 4)) % 100000) / 100000.0 AS DOUBLE) AS u")
        .selectExpr("*", "CAST(u < 1 / (1 + exp(-(3 * f1 + 2 * f2 - f3 - 2))) AS DOUBLE) AS label", "f1 AS base")
        .drop("u");
  }

  private static String cpu() throws IOException {
    return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
        .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown");
  }

  private static String load() throws IOException {
    return Files.readString(Path.of("/proc/loadavg")).trim();
  }

  /**
   * The bytes of task results sent to the driver, from each task's metrics; and each job's wall, summed by the call
   * site of its action, for a profile: a DataFrame action's (its SQL execution's description, which the jobs of its
   * adaptive query stages share, submitted from a pool thread), else the name of the job's last stage.
   */
  static final class ResultBytes extends org.apache.spark.scheduler.SparkListener {
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong tasks = new AtomicLong();
    final AtomicLong largest = new AtomicLong();
    final java.util.Map<Integer, String> stages = new java.util.concurrent.ConcurrentHashMap<>();
    volatile String largestStage = "";
    final AtomicLong jobs = new AtomicLong();
    final java.util.Map<Integer, long[]> running = new java.util.concurrent.ConcurrentHashMap<>();
    final java.util.Map<String, AtomicLong> jobNanos = new java.util.concurrent.ConcurrentHashMap<>();
    final java.util.Map<String, AtomicLong> jobCounts = new java.util.concurrent.ConcurrentHashMap<>();
    final java.util.Map<Integer, String> jobNames = new java.util.concurrent.ConcurrentHashMap<>();
    final java.util.Map<Long, String> executions = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public void onOtherEvent(org.apache.spark.scheduler.SparkListenerEvent event) {
      if (event instanceof org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart started) {
        executions.put(started.executionId(), started.description());
      }
    }

    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart start) {
      String execution = start.properties() == null ? null
          : start.properties().getProperty("spark.sql.execution.id");
      String described = execution == null ? null : executions.get(Long.parseLong(execution));
      if (described != null) {
        jobNames.put(start.jobId(), described);
        running.put(start.jobId(), new long[] {start.time()});
        return;
      }
      String name = "?";
      int last = -1;
      scala.collection.Iterator<org.apache.spark.scheduler.StageInfo> infos = start.stageInfos().iterator();
      while (infos.hasNext()) {   // the result stage is the job's last created one: its name is the action's site
        org.apache.spark.scheduler.StageInfo info = infos.next();
        if (info.stageId() > last) {
          last = info.stageId();
          name = info.name();
        }
      }
      jobNames.put(start.jobId(), name);
      running.put(start.jobId(), new long[] {start.time()});
    }

    @Override
    public void onJobEnd(org.apache.spark.scheduler.SparkListenerJobEnd end) {
      long[] started = running.remove(end.jobId());
      String name = jobNames.remove(end.jobId());
      if (started != null) {
        jobs.incrementAndGet();
        jobNanos.computeIfAbsent(name, n -> new AtomicLong()).addAndGet((end.time() - started[0]) * 1_000_000);
        jobCounts.computeIfAbsent(name, n -> new AtomicLong()).incrementAndGet();
      }
    }

    @Override
    public void onStageSubmitted(org.apache.spark.scheduler.SparkListenerStageSubmitted submitted) {
      stages.put(submitted.stageInfo().stageId(), submitted.stageInfo().name());
    }

    @Override
    public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
      org.apache.spark.executor.TaskMetrics m = end.taskMetrics();
      if (m != null) {
        bytes.addAndGet(m.resultSize());
        tasks.incrementAndGet();
        if (m.resultSize() > largest.get()) {   // one listener thread: no race
          largest.set(m.resultSize());
          largestStage = stages.getOrDefault(end.stageId(), "?");
        }
      }
    }

    void reset() {
      bytes.set(0);
      tasks.set(0);
      largest.set(0);
      largestStage = "";
      jobs.set(0);
      jobNanos.clear();
      jobCounts.clear();
    }
  }
}
