package dev.backtestgate.pipeline;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.TrainingSet;
import dev.backtestgate.internal.LongIntHashMap;
import dev.backtestgate.internal.LongIntSort;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Time-shifted labels: each row's label replaced by the label of the same entity's next decision, the pipeline
 * refitted on those, and a test on the test rows whose next label differs from their own. A pipeline that knows only
 * the present ranks those rows by their own label (an AUC against the next label at or below 0.5); one whose features
 * read the next period ranks them by the next label (above 0.5). Rows agree where the two labels agree, and say
 * nothing there.
 */
final class TimeShift {
  /** Fewer test rows than this of either kind of disagreement (own 0 next 1, own 1 next 0): not tested. */
  static final int MIN_CLASS = 30;
  /** How many example rows a finding shows. */
  static final int EXAMPLES = 3;
  static final String REFIT = "on the next decision's labels";
  private static final NormalDistribution STANDARD = new NormalDistribution(null, 0, 1);

  private TimeShift() {}

  /** What the shifted refit needs: its training rows and the next label of every test row. */
  record Plan(PipelineRows training, byte[] testNext) implements Prepared {}

  /** What {@link #plan} gives: a plan, or why there is none. */
  sealed interface Prepared permits Plan, Skipped {}

  /** The outcome: tested, or why not. */
  sealed interface Outcome permits Tested, Skipped {}

  /**
   * The test.
   *
   * @param toNext test rows whose own label is 0 and next 1
   * @param toOwn test rows whose own label is 1 and next 0
   * @param auc the shifted refit's AUC against the next label on those rows
   * @param ciLower the lower end of its 95% DeLong interval
   * @param ciUpper the upper end
   * @param p the one-sided p-value of an AUC at most 0.5
   * @param alpha the level
   * @param minStep the smallest step above 0.5 that fails
   * @param trainingRows the training rows that have a next decision (the shifted refit's)
   * @param examples rows with own label 0 and next 1 that the shifted refit scores highest: row, score
   */
  record Tested(int toNext, int toOwn, double auc, double ciLower, double ciUpper, double p, double alpha,
      double minStep, int trainingRows, List<double[]> examples) implements Outcome {
    boolean fails() {
      return p < alpha && auc - 0.5 >= minStep;
    }
  }

  /** Not tested, and why, with the fix. */
  record Skipped(String reason) implements Outcome, Prepared {}

  /**
   * The plan for {@code run}, or why there is none: the run must record the entities and decision times of its
   * training and test rows, its training rows in the pipeline's row order.
   *
   * @throws PipelineProblem when the recorded training rows and the pipeline's differ in number
   */
  static Prepared plan(BacktestRun run, PipelineRows training, PipelineRows test) {
    Optional<TrainingSet> set = run.training();
    Optional<long[]> trainingEntities = set.flatMap(TrainingSet::entityIds);
    if (trainingEntities.isEmpty() || run.entities().isEmpty()) {
      return new Skipped("the run does not record the entities of its " + (trainingEntities.isEmpty()
          ? "training rows" : "test rows") + ", so no row has a next decision. Record them with training("
          + "decisionTimes, labelKnownAt, entities) and entities(testEntities) to have the pipeline tested for "
          + "reading the next period");
    }
    if (set.get().rows() != training.rows()) {
      throw new PipelineProblem("the run records " + Wording.count(set.get().rows())
          + " training rows (training(...)) and the "
          + "pipeline " + Wording.count(training.rows())
          + " (PipelineRows): the time-shift test pairs them row by row; record the "
          + "same training rows, in the same order, in both");
    }
    // the two sides' next decisions side by side: nothing else runs yet
    java.util.concurrent.CompletableFuture<int[]> testSide = java.util.concurrent.CompletableFuture
        .supplyAsync(() -> next(run.entities().get(), run.decisionTimes()));
    int[] trainingNext = next(trainingEntities.get(), set.get().decisionTimes());
    int[] testNext = testSide.join();
    int kept = 0;
    for (int n : trainingNext) {
      kept += n >= 0 ? 1 : 0;
    }
    int[] rows = new int[kept];
    boolean[] labels = new boolean[kept];
    boolean[] own = training.labels();
    int positives = 0;
    for (int i = 0, k = 0; i < trainingNext.length; i++) {
      if (trainingNext[i] >= 0) {
        rows[k] = i;
        labels[k] = own[trainingNext[i]];
        positives += labels[k++] ? 1 : 0;
      }
    }
    boolean[] testLabels = run.labels();
    byte[] next = new byte[testNext.length];
    int toNext = 0;
    int toOwn = 0;
    for (int i = 0; i < next.length; i++) {
      next[i] = testNext[i] < 0 ? -1 : (byte) (testLabels[testNext[i]] ? 1 : 0);
      toNext += next[i] == 1 && !testLabels[i] ? 1 : 0;
      toOwn += next[i] == 0 && testLabels[i] ? 1 : 0;
    }
    int testWithNext = (int) Arrays.stream(testNext).filter(n -> n >= 0).count();
    Optional<String> skipped = skipped(kept, positives, testWithNext, toNext, toOwn);
    if (skipped.isPresent()) {
      return new Skipped(skipped.get());
    }
    return new Plan(training.select(rows, labels), next);
  }

  /**
   * Why the test cannot run on these counts, with the fix; empty when it can.
   *
   * @param trainingWithNext training rows that have a later decision of their entity
   * @param positives those whose next label is positive
   * @param testWithNext test rows that have a later decision of their entity
   * @param toNext test rows whose own label is 0 and next 1
   * @param toOwn test rows whose own label is 1 and next 0
   */
  static Optional<String> skipped(long trainingWithNext, long positives, long testWithNext, long toNext,
      long toOwn) {
    if (trainingWithNext == 0 || testWithNext == 0) {
      return Optional.of("no " + (trainingWithNext == 0 ? "training" : "test") + " row has a later decision of its "
          + "entity (each entity is decided once), so there is no next label to shift to; the test needs entities "
          + "decided more than once, such as monthly reviews or renewals");
    }
    if (positives == 0 || positives == trainingWithNext) {
      return Optional.of(Wording.count(trainingWithNext) + " training rows have a later decision of their entity, "
          + Wording.count(positives) + " of them "
          + "with a positive next label: the pipeline cannot be fitted to one class. Record more periods of "
          + "training rows per entity");
    }
    if (toNext < MIN_CLASS || toOwn < MIN_CLASS) {
      return Optional.of("only " + Wording.count(toNext) + " test rows go from label 0 to a next label of 1 and "
          + Wording.count(toOwn)
          + " from 1 to 0 (the test needs " + MIN_CLASS + " of each): the labels rarely change between an entity's "
          + "decisions here, so the next label says nothing the own label does not. Record more periods of test "
          + "rows per entity");
    }
    return Optional.empty();
  }

  /** The test's one-sided p-value of an AUC at most 0.5, from the shifted refit's DeLong estimate. */
  static double pValue(AucEstimate e) {
    return e.standardError() > 0 ? 1 - STANDARD.cumulativeProbability((e.auc() - 0.5) / e.standardError())
        : e.auc() > 0.5 ? 0 : 1;
  }

  /** The test of the shifted refit's {@code scores} of the test rows. */
  static Tested test(byte[] next, boolean[] own, double[] scores, int trainingRows, double alpha, double minStep) {
    int n = 0;
    for (int i = 0; i < next.length; i++) {
      n += next[i] >= 0 && (next[i] == 1) != own[i] ? 1 : 0;
    }
    boolean[] labels = new boolean[n];
    double[] s = new double[n];
    int[] row = new int[n];
    int toNext = 0;
    for (int i = 0, k = 0; i < next.length; i++) {
      if (next[i] >= 0 && (next[i] == 1) != own[i]) {
        labels[k] = next[i] == 1;
        toNext += labels[k] ? 1 : 0;
        s[k] = scores[i];
        row[k++] = i;
      }
    }
    AucEstimate e = DeLong.estimate(labels, s, 0.95);
    double p = pValue(e);
    List<double[]> examples = new ArrayList<>();
    boolean[] used = new boolean[n];
    for (int x = 0; x < EXAMPLES; x++) {
      int best = -1;
      for (int k = 0; k < n; k++) {
        if (labels[k] && !used[k] && (best < 0 || s[k] > s[best])) {
          best = k;
        }
      }
      if (best < 0) {
        break;
      }
      used[best] = true;
      examples.add(new double[] {row[best], s[best]});
    }
    return new Tested(toNext, n - toNext, e.auc(), e.ciLower(), e.ciUpper(), p, alpha, minStep, trainingRows,
        examples);
  }

  /**
   * For each row, the row of the same entity's next decision (the earliest strictly later decision time; among rows
   * at that time, the first in row order), or -1 when there is none. The rows are put in buckets by entity (one hash
   * lookup each), and each bucket sorted by time: O(n) plus the sorts of the buckets.
   */
  static int[] next(long[] entities, long[] times) {
    int n = entities.length;
    LongIntHashMap ids = new LongIntHashMap(n);
    int[] id = new int[n];
    for (int i = 0; i < n; i++) {
      id[i] = ids.getOrAdd(entities[i]);
    }
    int[] start = new int[ids.size() + 1];
    for (int i = 0; i < n; i++) {
      start[id[i] + 1]++;
    }
    for (int e = 0; e < ids.size(); e++) {
      start[e + 1] += start[e];
    }
    int[] order = new int[n];   // each entity's rows, then sorted by time within the entity
    int[] fill = Arrays.copyOf(start, ids.size());
    for (int i = 0; i < n; i++) {
      order[fill[id[i]]++] = i;
    }
    long[] keys = new long[n];
    for (int k = 0; k < n; k++) {
      keys[k] = times[order[k]];
    }
    int[] next = new int[n];
    Arrays.fill(next, -1);
    for (int e = 0; e < ids.size(); e++) {
      int from = start[e];
      int to = start[e + 1];
      LongIntSort.sort(keys, order, from, to);
      for (int a = from; a < to; ) {   // rows at one time in row order, so the first of the next time is found first
        int b = a + 1;
        while (b < to && keys[b] == keys[a]) {
          b++;
        }
        if (b - a > 1) {
          Arrays.sort(order, a, b);
        }
        if (a > from) {   // the previous time's rows all go to this time's first row
          for (int k = previous(keys, from, a); k < a; k++) {
            next[order[k]] = order[a];
          }
        }
        a = b;
      }
    }
    return next;
  }

  /** The first position of the run of equal keys that ends just before {@code end}. */
  private static int previous(long[] keys, int from, int end) {
    int k = end - 1;
    while (k > from && keys[k - 1] == keys[end - 1]) {
      k--;
    }
    return k;
  }
}
