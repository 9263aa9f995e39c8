package dev.backtestgate.pipeline;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.FeatureColumn;
import dev.backtestgate.metrics.Auc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The pipeline checks' one pass: two refits on the training rows alone (the candidate's reproduction and its own
 * noise), then one refit without each feature, all on one bounded pool within the budget; then the comparisons.
 */
final class PipelineProbe {
  /** Two refits on the same rows whose AUCs differ by more than this are not reproducible with themselves. */
  static final double SELF_AUC_TOLERANCE = 0.01;
  /** Two refits on the same rows whose scores correlate less than this are not reproducible with themselves. */
  static final double SELF_CORRELATION = 0.9;
  /** A refit's score agrees with a recorded one within this many times the two refits' largest difference. */
  static final double NOISE_FACTOR = 3;
  /** ... plus this much of the scores' scale, for rounding. */
  static final double ROUNDING = 1e-9;
  /** More than this share of rows outside the tolerance fails (at least one row). */
  static final double ROW_SHARE = 0.001;
  /** How many of the largest differences a finding shows. */
  static final int EXAMPLES = 5;
  static final String FULL_A = "on the training rows alone (1 of 2)";
  static final String FULL_B = "on the training rows alone (2 of 2)";

  /**
   * What the refits found.
   *
   * @param copies the test rows that copy a training row
   * @param timeShift the time-shift test, or why it did not run
   * @param rows the test rows
   * @param recordedAuc the AUC of the recorded candidate scores
   * @param refitAuc the AUC of the first refit on the training rows alone
   * @param selfAucDifference the AUC difference between the two refits
   * @param tolerance the largest score difference taken for noise
   * @param outside the rows whose recorded score differs from the refit's by more than the tolerance
   * @param largest the rows with the largest differences, largest first: row, recorded, refit
   * @param features every feature
   * @param attribution the lift attribution of the refits without each feature within the budget, null with fewer
   *     than two features
   * @param notRefit the features whose refit did not finish within the budget
   * @param lift the run's lift (candidate against baseline), NaN when not computed
   * @param wallMillis the refits' wall time
   * @param threads the pool's threads
   * @param fullRefitMillis the first full refit's time
   * @param refits the refits that finished within the budget
   */
  record Result(Duplicates.Result copies, TimeShift.Outcome timeShift, int rows, double recordedAuc,
      double refitAuc, double selfAucDifference, double tolerance,
      int outside, List<double[]> largest, List<String> features, Attribution.Result attribution,
      List<String> notRefit, double lift, long wallMillis, int threads, long fullRefitMillis, int refits) {
    boolean fitScopeFails() {
      return outside > Math.max(0, (int) (ROW_SHARE * rows));
    }
  }

  private PipelineProbe() {}

  static Result run(BacktestRun run, PipelineInput input, PipelineSettings settings, double lift,
      double recordedAuc) {
    PipelineRows training = input.training();
    PipelineRows test = testRows(run, training);
    Fingerprints before = Fingerprints.of(training, test);
    List<String> features = training.featureNames();
    List<String> order = new ArrayList<>(features);
    Collections.shuffle(order, new Random(features.hashCode()));   // a budget cut leaves a sample, not the tail
    List<Refits.Task> tasks = new ArrayList<>();
    tasks.add(new Refits.Task(FULL_A, training, test));
    tasks.add(new Refits.Task(FULL_B, training, test));
    TimeShift.Prepared shift = TimeShift.plan(run, training, test);
    if (shift instanceof TimeShift.Plan plan) {
      tasks.add(new Refits.Task(TimeShift.REFIT, plan.training(), test));
    }
    if (features.size() > 1) {
      for (String feature : order) {
        tasks.add(new Refits.Task(withoutName(feature), training.without(feature), test.without(feature)));
      }
    }
    // the copies between training and test rows are looked for beside the refits, on a thread of their own
    java.util.concurrent.CompletableFuture<Duplicates.Result> copies = java.util.concurrent.CompletableFuture
        .supplyAsync(() -> Duplicates.find(training, test, run.labels()));
    Refits.Outcome outcome;
    try {
      outcome = Refits.run(input.pipeline(), tasks, shift instanceof TimeShift.Plan ? 3 : 2, settings.budget());
    } catch (PipelineProblem failed) {
      // a pipeline that wrote to its input and then threw has two faults: report both
      String changed = before.changed(training, test);
      throw changed == null ? failed : new PipelineProblem(failed.getMessage() + "; also, " + changed, failed);
    }
    before.requireUnchanged(training, test);

    boolean[] labels = run.labels();
    double[] recorded = run.candidateScores();
    double[] a = outcome.done().get(FULL_A).scores();
    double[] b = outcome.done().get(FULL_B).scores();
    double aucA = Auc.of(labels, a);
    double aucB = Auc.of(labels, b);
    double agreement = correlation(a, b);
    if (Math.abs(aucA - aucB) > SELF_AUC_TOLERANCE || agreement < SELF_CORRELATION) {
      throw new PipelineProblem(String.format(java.util.Locale.ROOT, "the pipeline is not reproducible with "
          + "itself: two refits on the same training rows score the test rows with AUC %.4f and %.4f, their scores "
          + "correlated %.3f (a pipeline must agree with itself within %.2f AUC and above %.2f correlation), so no "
          + "refit can show what the recorded scores should have been; fix its seeds (and thread count) so that a "
          + "refit on the same rows scores alike", aucA, aucB, agreement, SELF_AUC_TOLERANCE, SELF_CORRELATION));
    }
    double noise = 0;
    double scale = 1;
    for (int i = 0; i < a.length; i++) {
      noise = Math.max(noise, Math.abs(a[i] - b[i]));
      scale = Math.max(scale, Math.abs(a[i]));
    }
    double tolerance = NOISE_FACTOR * noise + ROUNDING * scale;
    int outside = 0;
    int[] top = new int[EXAMPLES];   // the rows with the largest differences, largest first (ties: lower row first)
    int kept = 0;
    for (int i = 0; i < a.length; i++) {
      double d = Math.abs(recorded[i] - a[i]);
      if (d > tolerance) {
        outside++;
        if (kept < EXAMPLES || d > Math.abs(recorded[top[kept - 1]] - a[top[kept - 1]])) {
          int k = Math.min(kept, EXAMPLES - 1);
          while (k > 0 && d > Math.abs(recorded[top[k - 1]] - a[top[k - 1]])) {
            top[k] = top[k - 1];
            k--;
          }
          top[k] = i;
          kept = Math.min(kept + 1, EXAMPLES);
        }
      }
    }
    List<double[]> largest = new ArrayList<>();
    for (int k = 0; k < kept; k++) {
      largest.add(new double[] {top[k], recorded[top[k]], a[top[k]]});
    }

    List<String> notRefit = new ArrayList<>();
    Attribution.Result attribution = null;
    if (features.size() > 1) {
      java.util.Set<String> inBaseline = new java.util.HashSet<>(run.baseline().features());
      attribution = Attribution.of(labels, a, run.baseline(),
          Attribution.finished(features, outcome.done(), notRefit), inBaseline);
    }
    TimeShift.Outcome timeShift = shift instanceof TimeShift.Plan plan
        ? TimeShift.test(plan.testNext(), labels, outcome.done().get(TimeShift.REFIT).scores(),
            plan.training().rows(), settings.timeShiftAlpha(), settings.timeShiftMinStep())
        : (TimeShift.Skipped) shift;
    return new Result(copies.join(), timeShift, a.length,
        Double.isNaN(recordedAuc) ? Auc.of(labels, recorded) : recordedAuc, aucA, Math.abs(aucA - aucB), tolerance,
        outside, largest, features, attribution, notRefit, lift, outcome.wallNanos() / 1_000_000, outcome.threads(),
        outcome.done().get(FULL_A).nanos() / 1_000_000, outcome.done().size());
  }

  /** The name of the refit without {@code feature}, in messages and in the refits' outcome. */
  static String withoutName(String feature) {
    return "without '" + feature + "'";
  }

  /** The run's own rows, in the pipeline's column order; the feature lists must match. */
  static PipelineRows testRows(BacktestRun run, PipelineRows training) {
    Map<String, double[]> recorded = new LinkedHashMap<>();
    for (FeatureColumn column : run.featureValues()) {
      recorded.put(column.name(), column.numericValues().orElseGet(() -> codes(column.categoryCodes().orElseThrow())));
    }
    List<String> missing = training.featureNames().stream().filter(f -> !recorded.containsKey(f)).toList();
    List<String> extra = recorded.keySet().stream().filter(f -> !training.featureNames().contains(f)).toList();
    if (!missing.isEmpty() || !extra.isEmpty()) {
      throw new PipelineProblem("the pipeline's features do not match the run's recorded feature values: the "
          + "pipeline takes " + PipelineRows.list(training.featureNames()) + ", the run records "
          + PipelineRows.list(new ArrayList<>(recorded.keySet()))
          + (missing.isEmpty() ? "" : "; not recorded for the test rows: " + PipelineRows.list(missing))
          + (extra.isEmpty() ? "" : "; recorded but not taken by the pipeline: " + PipelineRows.list(extra))
          + ". Record each feature the pipeline takes with featureValues(name, testValues), and nothing else");
    }
    return PipelineRows.scoring(training.featureNames(), recorded, run.rows());
  }

  /** Pearson's correlation of two refits' scores; 1 when both are constant and equal, 0 when only one is. */
  static double correlation(double[] a, double[] b) {
    double ma = 0;
    double mb = 0;
    for (int i = 0; i < a.length; i++) {
      ma += a[i];
      mb += b[i];
    }
    ma /= a.length;
    mb /= b.length;
    double ab = 0;
    double aa = 0;
    double bb = 0;
    for (int i = 0; i < a.length; i++) {
      ab += (a[i] - ma) * (b[i] - mb);
      aa += (a[i] - ma) * (a[i] - ma);
      bb += (b[i] - mb) * (b[i] - mb);
    }
    if (aa == 0 || bb == 0) {
      return aa == 0 && bb == 0 && Arrays.equals(a, b) ? 1 : 0;
    }
    return ab / Math.sqrt(aa * bb);
  }

  /** Category codes as numbers, a missing code as NaN: how a pipeline is shown a categorical test column. */
  private static double[] codes(int[] codes) {
    double[] out = new double[codes.length];
    for (int i = 0; i < codes.length; i++) {
      out[i] = codes[i] == FeatureColumn.MISSING_CODE ? Double.NaN : codes[i];
    }
    return out;
  }

  /** The run's lift, NaN when it was not computed. */
  static double lift(java.util.Optional<Comparison> comparison) {
    return comparison.map(Comparison::lift).orElse(Double.NaN);
  }

  /** A hash of every array a pipeline is given, to find one it wrote to. */
  private record Fingerprints(Map<String, Long> hashes) {
    static Fingerprints of(PipelineRows training, PipelineRows test) {
      Map<String, Long> hashes = new LinkedHashMap<>();
      for (int c = 0; c < training.width(); c++) {
        hashes.put("training column '" + training.featureNames().get(c) + "'", hash(training.column(c)));
        hashes.put("test column '" + test.featureNames().get(c) + "'", hash(test.column(c)));
      }
      return new Fingerprints(hashes);
    }

    void requireUnchanged(PipelineRows training, PipelineRows test) {
      String changed = changed(training, test);
      if (changed != null) {
        throw new PipelineProblem(changed);
      }
    }

    /** The problem of arrays the pipeline wrote to, or {@code null} when it wrote to none. */
    String changed(PipelineRows training, PipelineRows test) {
      Fingerprints after = of(training, test);
      List<String> changed = hashes.keySet().stream().filter(k -> !hashes.get(k).equals(after.hashes.get(k)))
          .toList();
      return changed.isEmpty() ? null : "the pipeline changed the arrays it was given (" + String.join(", ", changed)
          + "): every refit after the first saw other data, so nothing it scored can be compared, and the run's "
          + "own columns are no longer what was recorded; copy the arrays inside the pipeline before changing them";
    }

    private static long hash(double[] values) {
      long h = 1;
      for (double v : values) {
        h = 31 * h + Double.doubleToRawLongBits(v);
      }
      return h;
    }
  }
}
