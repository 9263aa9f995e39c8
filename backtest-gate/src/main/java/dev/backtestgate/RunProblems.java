package dev.backtestgate;

import dev.backtestgate.time.EpochMillis;
import java.util.ArrayList;
import java.util.List;

/** Collects every problem of a run being built, so that one failure names them all. */
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
      add(field + " has " + bad.count() + " non-finite " + bad.plural("value", "values") + " (first at row "
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
      add(field + " has " + length + " rows but labels have " + rows + ": every column needs one entry per row.");
      return false;
    }
    return true;
  }
}
