package dev.backtestgate.report;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.review.ReviewStore;

/** Publishes a result as a given mode would (the mode lives in the result's policy). */
public final class Published {
  private Published() {}

  /** {@code result} as if its policy had {@code mode}. */
  public static GateResult inMode(GateResult r, Mode mode) {
    return new GateResult(r.gateId(), r.verdict(), r.findings(), r.unresolved(), r.comparison(), r.fingerprint(),
        r.signOff(), r.waived(), r.run(), r.policy().withMode(mode), r.evaluatedOn());
  }

  /** Publishes {@code result} in {@code mode}. */
  public static PublishedGate publish(BacktestRun run, GateResult result, Mode mode, ReportFiles files,
      ReviewStore store) {
    return GateReporter.publish(run, inMode(result, mode), files, store);
  }
}
