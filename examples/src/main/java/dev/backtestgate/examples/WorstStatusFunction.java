package dev.backtestgate.examples;

import dev.backtestgate.time.EntityEvents;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import java.time.Duration;

/**
 * "Worst status in the last 12 months" computed straight from the status log, the way a feature pipeline
 * computes it per (account, decision time): among the statements dated in the 12 months up to the decision,
 * each read in its latest recorded version, the worst {@link Status#severity()}. NaN when the account has no
 * such statement.
 *
 * <p>Two versions differ in one line. {@link #AS_OF_DECISION} reads the log as it stood at the decision
 * ({@code history.asOf(t)}). {@link #READS_THE_FUTURE} filters on the statement date alone, like
 * {@code WHERE statement_date <= decision} on an append-only table: it also sees versions recorded after the
 * decision, among them the August 2025 corrections that resolved every review code to how the account ended.
 * Its timestamps look honest (the value is computed at the decision), its lift may stay modest; the
 * future-read probe catches it by computing it again on history cut at the decision.
 *
 * <pre>{@code
 * double worst = WorstStatusFunction.AS_OF_DECISION.value(EventLogView.of(statusLog), account, decidedAt);
 * }</pre>
 */
final class WorstStatusFunction implements FeatureFunction {
  /** The honest version: reads only what was recorded by the decision. */
  static final WorstStatusFunction AS_OF_DECISION = new WorstStatusFunction(true);
  /** The leaky version: reads every version of every statement dated before the decision. */
  static final WorstStatusFunction READS_THE_FUTURE = new WorstStatusFunction(false);

  private static final long YEAR = Duration.ofDays(365).toMillis();

  private final boolean cutAtDecision;

  private WorstStatusFunction(boolean cutAtDecision) {
    this.cutAtDecision = cutAtDecision;
  }

  @Override
  public double value(EventLogView history, long account, long decisionTime) {
    EventLogView read = cutAtDecision ? history.asOf(decisionTime) : history;
    EntityEvents status = read.events(SourceFeatures.STATUS, account);
    long[] seen = new long[status.size()];
    int distinct = 0;
    int worst = -1;
    // Latest version first: events come in the order they became available, so walk them backwards and keep
    // the first version seen of each statement date.
    for (int i = status.size() - 1; i >= 0; i--) {
      long statementDate = status.validFrom(i);
      if (statementDate > decisionTime || statementDate <= decisionTime - YEAR || contains(seen, distinct,
          statementDate)) {
        continue;
      }
      seen[distinct++] = statementDate;
      worst = Math.max(worst, StatusCodes.meaning(status.code(i)).severity());
    }
    return worst < 0 ? Double.NaN : worst;
  }

  private static boolean contains(long[] values, int size, long value) {
    for (int i = 0; i < size; i++) {
      if (values[i] == value) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return cutAtDecision ? "worst status of 12 months as of the decision" : "worst status of 12 months, every version";
  }
}
