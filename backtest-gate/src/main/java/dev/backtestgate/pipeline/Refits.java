package dev.backtestgate.pipeline;

import dev.backtestgate.internal.Wording;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs refits of a pipeline on a bounded pool (one thread per core, at most one per refit) within a wall-time
 * budget. Each refit fits on training rows and scores test rows; its scores are checked (one finite number per row)
 * and its time is kept. Refits still running when the budget ends are cancelled and listed as not run.
 */
final class Refits {
  /**
   * One refit to run: its name in messages, the training rows (with a copy of the labels of its own), the rows to
   * score, and the labels as recorded.
   */
  record Task(String name, PipelineRows training, PipelineRows test, boolean[] labels) {
    Task(String name, PipelineRows training, PipelineRows test) {
      this(name, training.withOwnLabels(), test, training.labels());
    }
  }

  /** A refit's scores and how long it took. */
  record Done(String name, double[] scores, long nanos) {}

  /** What ran within the budget, in task order, what did not, how long it took and on how many threads. */
  record Outcome(Map<String, Done> done, List<String> notRun, long wallNanos, int threads) {}

  private static final AtomicInteger POOLS = new AtomicInteger();

  private Refits() {}

  /**
   * Runs {@code tasks} in order of submission; the first {@code required} must finish within the budget.
   *
   * @throws PipelineProblem when a refit throws, returns scores that are not one finite number per row, a required
   *     refit does not finish within the budget, or the calling thread is interrupted
   */
  static Outcome run(Pipeline pipeline, List<Task> tasks, int required, Duration budget) {
    long start = System.nanoTime();
    long deadline = start + budget.toNanos();
    int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), tasks.size()));
    int pool = POOLS.incrementAndGet();
    AtomicInteger thread = new AtomicInteger();
    ThreadFactory factory = r -> {
      Thread t = new Thread(r, "backtest-gate-refit-" + pool + "-" + thread.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    ExecutorService executor = Executors.newFixedThreadPool(threads, factory);
    try {
      List<Future<Done>> futures = new ArrayList<>();
      for (Task task : tasks) {
        futures.add(executor.submit(() -> refit(pipeline, task)));
      }
      // each refit gets its own copy of the labels (n bytes); the columns are shared, never copied
      Map<String, Done> done = new LinkedHashMap<>();
      List<String> notRun = new ArrayList<>();
      for (int i = 0; i < tasks.size(); i++) {
        Task task = tasks.get(i);
        try {
          long left = Math.max(0, deadline - System.nanoTime());
          done.put(task.name(), futures.get(i).get(left, TimeUnit.NANOSECONDS));
        } catch (TimeoutException | CancellationException e) {
          if (i < required) {
            throw new PipelineProblem("the pipeline budget (" + budget + ") ran out before the refit " + task.name()
                + " finished: raise backtestgate.pipeline-budget, or give the gate a faster pipeline");
          }
          notRun.add(task.name());
          futures.get(i).cancel(true);
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof PipelineProblem problem) {
            throw problem;
          }
          throw new PipelineProblem("the pipeline threw " + cause.getClass().getSimpleName()
              + (cause.getMessage() == null ? "" : " (\"" + cause.getMessage() + "\")") + " while refitting "
              + task.name() + ": fix the pipeline, or have it handle what it cannot fit", cause);
        }
      }
      return new Outcome(done, notRun, System.nanoTime() - start, threads);
    } catch (InterruptedException e) {
      // Not restored: the gate clears a check's interrupt to go on, and would report it without this reason.
      throw new PipelineProblem("interrupted while the pipeline was being refitted: the refits were cancelled and "
          + "nothing was checked; run the backtest again without interrupting it");
    } finally {
      executor.shutdownNow();
    }
  }

  private static Done refit(Pipeline pipeline, Task task) {
    long start = System.nanoTime();
    Pipeline.Scorer scorer = pipeline.fit(task.training());
    if (scorer == null) {
      throw new PipelineProblem("the pipeline returned no scorer (null) when refitted " + task.name()
          + ": fit must return the fitted scorer");
    }
    double[] scores = scorer.score(task.test());
    if (!Arrays.equals(task.training().labels(), task.labels())) {
      throw new PipelineProblem("the pipeline changed the training labels it was given while refitting "
          + task.name() + ": what it fitted is not what was recorded; copy the labels inside the pipeline before "
          + "changing them");
    }
    check(scores, task);
    return new Done(task.name(), scores, System.nanoTime() - start);
  }

  private static void check(double[] scores, Task task) {
    if (scores == null) {
      throw new PipelineProblem("the pipeline refitted " + task.name() + " returned no scores (null): score must "
          + "return one score per row");
    }
    if (scores.length != task.test().rows()) {
      throw new PipelineProblem("the pipeline refitted " + task.name() + " returned " + Wording.count(scores.length)
          + " scores for " + Wording.count(task.test().rows())
          + " rows: score must return one score per row, in row order");
    }
    int bad = 0;
    int first = -1;
    for (int i = 0; i < scores.length; i++) {
      if (!Double.isFinite(scores[i])) {
        bad++;
        first = first < 0 ? i : first;
      }
    }
    if (bad > 0) {
      throw new PipelineProblem("the pipeline refitted " + task.name() + " returned " + Wording.count(bad)
          + " score(s) that are "
          + "not finite numbers, first at row " + first + " (" + scores[first] + "): a refit that cannot score "
          + "every row cannot be compared; fix the pipeline's missing-value handling");
    }
  }
}
