package dev.backtestgate;

import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.LateWritePolicy;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeViolation;

/**
 * Something the gate found that a person must look at before the backtest can be believed. A finding
 * fails the gate unless a sign-off covers it ({@link #signOffCan()} says how).
 *
 * <pre>{@code
 * for (Finding f : result.findings()) {
 *   if (f instanceof Finding.LiftAboveLimit l) System.out.println("lift " + l.lift());
 * }
 * }</pre>
 */
public sealed interface Finding {

  /** How a sign-off can resolve this finding. */
  enum Resolution {
    /** An approved, current sign-off covers it. */
    SIGN_OFF,
    /** A sign-off must waive the feature by name, with a reason. */
    WAIVER,
    /** Nothing but fixing the input (or, for history, committing a reviewed manifest) resolves it. */
    NONE,
    /** Reported as a warning; it never fails the gate. */
    WARNING;

    /** True when a reviewer's sign-off (or waiver) is what resolves the finding. */
    public boolean needsReviewer() {
      return this == SIGN_OFF || this == WAIVER;
    }
  }

  /** How a sign-off can resolve this finding. */
  Resolution signOffCan();

  /**
   * The candidate beats the baseline by more than the limit: the classic signature of leaked data.
   *
   * @param lift candidate AUC minus baseline AUC
   * @param maxLift the limit in force
   */
  record LiftAboveLimit(double lift, double maxLift) implements Finding {
    @Override
    public Resolution signOffCan() {
      return Resolution.SIGN_OFF;
    }
  }

  /**
   * The candidate ranks every positive above every negative: real models almost never do.
   *
   * @param candidateAuc the candidate's AUC, 1.0
   */
  record PerfectCandidate(double candidateAuc) implements Finding {
    @Override
    public Resolution signOffCan() {
      return Resolution.SIGN_OFF;
    }
  }

  /**
   * A feature's values were used before they were known.
   *
   * @param violation the evidence: rows, share, largest lead, example rows
   */
  record PointInTime(PointInTimeViolation violation) implements Finding {
    @Override
    public Resolution signOffCan() {
      return Resolution.WAIVER;
    }
  }

  /**
   * Events were written into history long after they became valid: the mark of a backfill that stamped
   * its rows. Fails the gate only under {@link LateWritePolicy#FAIL} ({@code backtestgate.late-writes}).
   *
   * @param report the detector's evidence: batches by recorded day, counts, valid-time ranges
   * @param policy the policy in force
   */
  record LateWrites(LateWriteReport report, LateWritePolicy policy) implements Finding {
    @Override
    public Resolution signOffCan() {
      return policy == LateWritePolicy.FAIL ? Resolution.NONE : Resolution.WARNING;
    }
  }

  /**
   * Closed partitions of a table differ from its committed history manifest: history was rewritten in
   * place. Always fails; restore the rows, or review and commit the proposed manifest.
   *
   * @param result the partitions that changed, vanished or appeared
   */
  record RewrittenHistory(HistoryCheckResult result) implements Finding {
    @Override
    public Resolution signOffCan() {
      return Resolution.NONE;
    }
  }

  /**
   * A check could not run, so the gate cannot vouch for the run.
   *
   * @param check which check
   * @param reason what went wrong and what to do
   */
  record CheckFailed(String check, String reason) implements Finding {
    @Override
    public Resolution signOffCan() {
      return Resolution.NONE;
    }
  }
}
