package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.storage.StorageLevel;

/**
 * The refits of a Spark ML estimator, one after another in a job group of their own: each fitted on the training
 * rows, its model's {@code transform} scoring the test rows, its scores checked (one per test row id, each finite)
 * and kept (row id and score) for the comparisons. The first {@code required} refits must finish within the budget;
 * at the budget's end the running job is cancelled and the refits not finished are listed.
 */
final class SparkRefits {
  /** The score column of every refit's scores. */
  static final String SCORE = "s";

  /**
   * One refit to run: its name in messages, the estimator to fit and the training rows to fit it on (null: the
   * pipeline's own).
   */
  record Task(String name, Estimator<?> estimator, Dataset<Row> training) {
    /** A refit on the pipeline's training rows. */
    Task(String name, Estimator<?> estimator) {
      this(name, estimator, null);
    }
  }

  /** A refit's scores (row id and {@link #SCORE}, persisted) and how long it took. */
  record Done(String name, Dataset<Row> scores, long nanos) {}

  /** What ran within the budget, in task order, what did not, and how long it took. */
  record Outcome(Map<String, Done> done, List<String> notRun, long wallNanos) {
    void release() {
      done.values().forEach(d -> d.scores().unpersist(false));
    }
  }

  /** A refit could not run or cannot be compared: the reason, for a {@code check-failed}. */
  static final class Failed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Failed(String message) {
      super(message, null, false, false);
    }
  }

  private static final AtomicInteger GROUPS = new AtomicInteger();

  private SparkRefits() {}

  /**
   * Runs {@code tasks} in order.
   *
   * @param test the test rows: {@code rowId} (a unique long id) and what the pipeline reads
   * @param rows the test rows' count
   * @throws Failed when a refit throws, its model adds no score column, its scores do not pair one to one with the
   *     test rows by row id or are not finite, a required refit does not finish within the budget, a job is
   *     cancelled, or the calling thread is interrupted; on failure nothing is left persisted
   */
  static Outcome run(SparkPipeline pipeline, List<Task> tasks, int required, Duration budget, Dataset<Row> test,
      String rowId, long rows) {
    SparkContext sc = test.sparkSession().sparkContext();
    String group = "backtest-gate-refits-" + GROUPS.incrementAndGet();
    String[] keys = {"spark.jobGroup.id", "spark.job.description", "spark.job.interruptOnCancel"};
    String[] before = Arrays.stream(keys).map(sc::getLocalProperty).toArray(String[]::new);
    sc.setJobGroup(group, "backtest-gate: the pipeline's refits on the training rows alone", true);
    AtomicBoolean expired = new AtomicBoolean();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, group + "-budget");
      t.setDaemon(true);
      return t;
    });
    long start = System.nanoTime();
    long deadline = start + budget.toNanos();
    timer.schedule(() -> {
      expired.set(true);
      sc.cancelJobGroup(group);
    }, budget.toNanos(), TimeUnit.NANOSECONDS);
    Map<String, Done> done = new LinkedHashMap<>();
    List<String> notRun = new ArrayList<>();
    boolean ok = false;
    try {
      for (int i = 0; i < tasks.size(); i++) {
        Task task = tasks.get(i);
        if (i >= required && (expired.get() || System.nanoTime() > deadline)) {
          notRun.add(task.name());
          continue;
        }
        try {
          done.put(task.name(), refit(pipeline, task, test, rowId, rows));
          if (i < required && System.nanoTime() > deadline) {
            throw new Failed("the pipeline budget (" + budget + ") ran out before the refit " + task.name()
                + " finished: raise backtestgate.pipeline-budget, or give the gate a faster pipeline");
          }
        } catch (Failed failed) {
          throw failed;
        } catch (Throwable e) {   // a refit's Errors too: the gate reports them and goes on
          if (Thread.interrupted() || causedBy(e, InterruptedException.class)) {
            sc.cancelJobGroup(group);
            Thread.currentThread().interrupt();   // restored for the caller; the refits are over
            throw new Failed("interrupted while the pipeline was being refitted: the refits were cancelled and "
                + "nothing was checked; run the backtest again without interrupting it");
          }
          if (expired.get()) {
            if (i < required) {
              throw new Failed("the pipeline budget (" + budget + ") ran out before the refit " + task.name()
                  + " finished: raise backtestgate.pipeline-budget, or give the gate a faster pipeline");
            }
            notRun.add(task.name());
            continue;
          }
          Throwable root = root(e);
          if (cancelled(e)) {
            throw new Failed("a Spark job of the refit " + task.name() + " was cancelled (" + firstLine(root)
                + ") before it finished, so nothing was checked: run the backtest again and let the gate's job "
                + "group (" + group + ") finish");
          }
          throw new Failed("the pipeline threw " + root.getClass().getSimpleName()
              + (root.getMessage() == null ? "" : " (\"" + firstLine(root) + "\")") + " while refitting "
              + task.name() + ": fix the pipeline, or have it handle what it cannot fit");
        }
      }
      ok = true;
      return new Outcome(done, notRun, System.nanoTime() - start);
    } finally {
      timer.shutdownNow();
      for (int k = 0; k < keys.length; k++) {
        sc.setLocalProperty(keys[k], before[k]);
      }
      if (!ok) {
        done.values().forEach(d -> d.scores().unpersist(false));
      }
    }
  }

  private static Done refit(SparkPipeline pipeline, Task task, Dataset<Row> test, String rowId, long rows) {
    long start = System.nanoTime();
    Object fitted = task.estimator().fit(task.training() == null ? pipeline.training : task.training());
    if (!(fitted instanceof Model<?> model)) {
      throw new Failed("the pipeline returned no model (" + fitted + ") when refitted " + task.name()
          + ": fit must return the fitted model");
    }
    Dataset<Row> out = model.transform(test);
    if (out == null) {
      throw new Failed("the pipeline's model refitted " + task.name() + " returned no DataFrame (null) from "
          + "transform: transform must return the scored rows");
    }
    Column score = score(pipeline, out, task);
    Dataset<Row> scores = out.select(col("`" + rowId + "`").cast(DataTypes.LongType).as(rowId), score.as(SCORE))
        .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      require(scores, test, rowId, rows, task);
    } catch (RuntimeException | Error e) {
      scores.unpersist(false);
      throw e;
    }
    return new Done(task.name(), scores, System.nanoTime() - start);
  }

  /** The score of the fitted model's output, or a failure naming the columns it has. */
  private static Column score(SparkPipeline pipeline, Dataset<Row> out, Task task) {
    List<String> columns = Arrays.asList(out.columns());
    if (!columns.contains(pipeline.scoreColumn)) {
      throw new Failed("the pipeline's model refitted " + task.name() + " adds no column '" + pipeline.scoreColumn
          + "' to the rows it scores (it gives " + columns + "): name the score with SparkPipeline.score(column, "
          + "element) for a vector column such as rawPrediction, or score(column) for a numeric one");
    }
    DataType type = out.schema().apply(pipeline.scoreColumn).dataType();
    Column c = col("`" + pipeline.scoreColumn + "`");
    if (pipeline.scoreElement >= 0) {
      if (!(type instanceof VectorUDT)) {
        throw new Failed("the score " + pipeline.scoreName() + " of the model refitted " + task.name() + " is a "
            + type.simpleString() + ", not a vector: read a numeric column with SparkPipeline.score(column)");
      }
      return org.apache.spark.ml.functions.vector_to_array(c, "float64").getItem(pipeline.scoreElement);
    }
    if (!(type instanceof NumericType)) {
      throw new Failed("the score " + pipeline.scoreName() + " of the model refitted " + task.name() + " is a "
          + type.simpleString() + ", not a number: read a vector's element with SparkPipeline.score(column, "
          + "element)");
    }
    return c.cast(DataTypes.DoubleType);
  }

  /** One finite score per test row id, no more, no less. */
  private static void require(Dataset<Row> scores, Dataset<Row> test, String rowId, long rows, Task task) {
    Dataset<Row> ids = test.select(col("`" + rowId + "`").cast(DataTypes.LongType).as(rowId),
        lit(true).as("t"));
    Column bad = LabelledScores.badScore(col(SCORE));
    Row r = ids.join(scores.withColumn("p", lit(true)), new String[] {rowId}, "full_outer")
        .agg(sum(when(col("t").isNull(), 1).otherwise(0)), sum(when(col("p").isNull(), 1).otherwise(0)),
            sum(when(col("p").isNotNull().and(bad), 1).otherwise(0)), min(when(col("p").isNotNull().and(bad),
                col(rowId))), sum(when(col("t").isNotNull().and(col("p").isNotNull()), 1).otherwise(0)))
        .first();
    long unknown = r.isNullAt(0) ? 0 : r.getLong(0);
    long missing = r.isNullAt(1) ? 0 : r.getLong(1);
    long badScores = r.isNullAt(2) ? 0 : r.getLong(2);
    long paired = r.isNullAt(4) ? 0 : r.getLong(4);
    long twice = paired - (rows - missing);   // a test row id scored more than once pairs more than once
    if (unknown > 0 || missing > 0 || twice != 0) {
      throw new Failed("the pipeline's model refitted " + task.name() + " does not score each of the " + rows
          + " test rows once by its row id '" + rowId + "': " + missing + " test row(s) without a score, " + unknown
          + " scored row(s) whose id is no test row's, " + twice + " extra score(s) of rows scored more than once. "
          + "Transform must keep every test row and its row id column (a stage with handleInvalid=\"skip\" drops "
          + "rows, an explode or a join duplicates them)");
    }
    if (badScores > 0) {
      throw new Failed("the pipeline's model refitted " + task.name() + " returned " + badScores + " score(s) that "
          + "are not finite numbers, first at row " + r.getLong(3) + ": a refit that cannot score every row "
          + "cannot be compared; fix the pipeline's missing-value handling");
    }
  }

  private static boolean cancelled(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().contains("cancelled")) {
        return true;
      }
    }
    return false;
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static Throwable root(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  private static String firstLine(Throwable t) {
    String m = String.valueOf(t.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
