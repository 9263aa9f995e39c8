package dev.backtestgate;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.time.EpochMillis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Collects every problem of a run being built, so that one failure names them all: the checks of its labels,
 * models, times and features live here, the recording in {@link BacktestRun.Builder}.
 */
final class RunProblems {
  private final List<String> problems = new ArrayList<>();

  void add(String problem) {
    problems.add(problem);
  }

  boolean isEmpty() {
    return problems.isEmpty();
  }

  void throwIfAny(String gateId) {
    if (problems.isEmpty()) {
      return;
    }
    StringBuilder message = new StringBuilder()
        .append("Backtest run for gate ").append(gateId == null ? "<no id>" : gateId)
        .append(" is invalid (").append(problems.size())
        .append(problems.size() == 1 ? " problem" : " problems")
        .append("); the gate cannot judge it:");
    for (String problem : problems) {
      message.append("\n  - ").append(problem);
    }
    throw new InvalidBacktestRunException(message.toString(), List.copyOf(problems));
  }

  /**
   * Checks scores are finite and as many as the labels; names count, first index and value.
   *
   * @return whether the scores are valid
   */
  boolean checkScores(String field, double[] scores, int rows) {
    if (scores == null) {
      add(field + " is missing: pass one score per row.");
      return false;
    }
    boolean lengthOk = checkLength(field, scores.length, rows);
    BadRows bad = BadRows.scan(scores.length, i -> !Double.isFinite(scores[i]));
    if (bad.any()) {
      add(field + " has " + Wording.count(bad.count()) + " non-finite " + bad.plural("value", "values")
          + " (first at row "
          + bad.first() + ": " + scores[bad.first()] + "). Every score must be a finite number: fix the model's "
          + "output or drop those rows from both models.");
    }
    return lengthOk && !bad.any();
  }

  /**
   * Checks times are present for every row. Any epoch millisecond is a time, before 1970 (negative) included,
   * as in the point-in-time join; {@code Long.MIN_VALUE} is the "no time" marker, which only knowledge times
   * may hold ({@link FeatureTiming#NO_VALUE}). A decision time holding it gets the join's message.
   */
  void checkTimes(String field, long[] times, int rows, boolean allowNoValue) {
    if (times == null) {
      add(field + " is missing: pass one epoch-millisecond time per row.");
      return;
    }
    checkLength(field, times.length, rows);
    if (!allowNoValue) {
      BadRows bad = BadRows.scan(times.length, i -> times[i] == FeatureTiming.NO_VALUE);
      if (bad.any()) {
        add(EpochMillis.missingTimes("backtest run", field, bad.count(), bad.first()) + ".");
      }
    }
  }

  boolean checkLength(String field, int length, int rows) {
    if (length != rows) {
      add(field + " has " + Wording.count(length) + " rows but labels have " + Wording.count(rows)
          + ": every column needs one entry per row.");
      return false;
    }
    return true;
  }

  /** The labels' problems (missing, empty, one class); the number of positives (0 when unusable). */
  int checkLabels(boolean[] labels, String labelProblem) {
    if (labels == null) {
      add("labels are missing: pass one label per row.");
      return 0;
    }
    if (labels.length == 0) {
      add("the run has no rows: a backtest needs labelled rows to be judged.");
      return 0;
    }
    if (labelProblem != null) {
      add(labelProblem);
      return 0;
    }
    int positives = 0;
    for (boolean label : labels) {
      if (label) {
        positives++;
      }
    }
    if (positives == 0 || positives == labels.length) {
      add("labels are all " + (positives == 0 ? "negative" : "positive") + " (" + Wording.count(labels.length)
          + " rows, " + Wording.count(positives) + " positive): AUC needs at least one positive and one negative row. "
          + "Widen the test window or check how labels are built.");
    }
    return positives;
  }

  /** The candidate's and the baseline's problems: names, scores, one baseline, a ranking that measures nothing. */
  void checkModels(int rows, String candidateName, double[] candidateScores, Baseline baseline, int baselinesGiven) {
    if (candidateName == null || candidateName.isBlank()) {
      add("candidate has no name: pass candidate(name, scores).");
    }
    boolean candidateValid = checkScores("candidate scores", candidateScores, rows);
    if (baselinesGiven == 0) {
      add("baseline is missing: pass baseline(name, scores) on the same rows, or baselineAuc(name, auc).");
      return;
    }
    if (baselinesGiven > 1) {
      add("baseline is given " + Wording.count(baselinesGiven) + " times: pass exactly one baseline.");
    }
    if (baseline.name() == null || baseline.name().isBlank()) {
      add("baseline has no name: name the model the candidate would replace.");
    }
    OptionalDouble fixed = baseline.fixedAuc();
    if (fixed.isPresent()) {
      if (!(fixed.getAsDouble() >= 0 && fixed.getAsDouble() <= 1)) {
        add("baseline AUC is " + fixed.getAsDouble() + ": an AUC is a number between 0 and 1.");
      }
      return;
    }
    double[] baselineScores = baseline.rowScores().orElse(null);
    boolean baselineValid = checkScores("baseline scores", baselineScores, rows);
    if (candidateValid && baselineValid) {
      checkSameRanking(rows, candidateScores, baselineScores);
    }
  }

  /** Identical scores (by value) or a strictly increasing transform of them measure nothing. */
  private void checkSameRanking(int rows, double[] candidateScores, double[] baselineScores) {
    if (SameRanking.identical(candidateScores, baselineScores)) {
      add("candidate and baseline scores are identical (" + Wording.count(rows) + " rows, compared by value: -0.0 "
          + "equals 0.0): the comparison would measure nothing. Pass the production model's scores as the "
          + "baseline.");
    } else if (SameRanking.of(candidateScores, baselineScores)) {
      add("candidate scores rank all " + Wording.count(rows) + " rows exactly as the baseline scores do (same order, "
          + "same ties: a strictly increasing transform of them, such as a rescaling, a logit or a rank), so the "
          + "AUC lift is 0 by construction and the comparison would measure nothing. Pass the new model's scores "
          + "as the candidate and the production model's scores as the baseline.");
    }
  }

  /**
   * The features' problems: those found while recording, undeclared or untimed features, bad knowledge times, and
   * recorded values of an undeclared feature, of the wrong length or out of range.
   */
  void checkFeatures(int rows, List<String> featureProblems, List<String> declared,
      Map<String, FeatureTiming> features, Collection<FeatureColumn> featureValues) {
    featureProblems.forEach(this::add);
    if (declared.isEmpty()) {
      add("no features are declared: declare each feature the candidate uses with feature(name, "
          + "knownAt) or timelessFeature(name, reason), so the gate can check it was known in time.");
    }
    for (String name : declared) {
      FeatureTiming timing = features.get(name);
      if (timing == null) {
        add("feature '" + name + "' has neither knowledge times nor a timeless declaration: pass "
            + "feature(\"" + name + "\", knownAt) or timelessFeature(\"" + name + "\", reason).");
      } else {
        timing.knownAtTimes().ifPresent(knownAt ->
            checkTimes("feature '" + name + "' knownAt", knownAt, rows, true));
      }
    }
    for (FeatureColumn column : featureValues) {
      checkValues(column, rows, declared);
    }
  }

  private void checkValues(FeatureColumn column, int rows, List<String> declared) {
    String what = "feature values of '" + column.name() + "'";
    if (!declared.contains(column.name())) {
      add(what + " are recorded, but no feature '" + column.name() + "' is declared (declared: "
          + declared + "): declare it with feature(name, knownAt) or timelessFeature(name, reason), or fix "
          + "the name.");
    }
    if (column.rows() != rows) {
      add(what + " have " + Wording.count(column.rows()) + " entries but the run has " + Wording.count(rows)
          + " rows: record one "
          + "value per row, in the rows' order.");
      return;
    }
    Optional<double[]> numeric = column.numericValues();
    if (numeric.isPresent()) {
      double[] v = numeric.get();
      BadRows bad = BadRows.scan(rows, i -> Double.isInfinite(v[i]));
      if (bad.any()) {
        add(what + " have " + Wording.count(bad.count()) + " infinite " + bad.plural("value", "values")
            + " (first at row " + bad.first() + ": " + v[bad.first()] + "): record NaN for a missing value.");
      }
    } else {
      int[] codes = column.categoryCodes().orElseThrow();
      BadRows bad = BadRows.scan(rows, i -> codes[i] < FeatureColumn.MISSING_CODE);
      if (bad.any()) {
        add(what + " have " + Wording.count(bad.count()) + " category " + bad.plural("code", "codes") + " below -1 "
            + "(first at row " + bad.first() + ": " + codes[bad.first()] + "): codes are 0 or more, -1 for a "
            + "missing value.");
      }
    }
  }

  /** Epoch milliseconds of {@code times}; a null or out-of-range time becomes the no-time marker. */
  static long[] toMillis(Instant[] times) {
    if (times == null) {
      return null;
    }
    long[] millis = new long[times.length];
    for (int i = 0; i < times.length; i++) {
      millis[i] = EpochMillis.fits(times[i]) ? times[i].toEpochMilli() : FeatureTiming.NO_VALUE;
    }
    return millis;
  }

  /** Adds a problem for null entries (with {@code nullHint}) and one for entries beyond the millisecond range. */
  static void instantProblems(String field, Instant[] times, String nullHint, List<String> out) {
    if (times == null) {
      return;
    }
    BadRows missing = BadRows.scan(times.length, i -> times[i] == null);
    if (missing.any()) {
      out.add(field + " has " + Wording.count(missing.count()) + " missing " + missing.plural("time", "times")
          + " (first at row "
          + missing.first() + ": null)." + nullHint);
    }
    BadRows outside = BadRows.scan(times.length, i -> times[i] != null && !EpochMillis.fits(times[i]));
    if (outside.any()) {
      out.add(field + " has " + Wording.count(outside.count()) + " " + outside.plural("time", "times") + " outside the "
          + "millisecond range (first at row " + outside.first() + ": " + times[outside.first()] + "). Times are "
          + "epoch milliseconds in a long, " + EpochMillis.range() + ": fix those times.");
    }
  }
}
