package dev.backtestgate.report;

import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.lift.LiftAboveLimit;

/**
 * The sentences that the console text ({@link GateText}) and the HTML report ({@link HtmlReport}) share
 * beyond the findings' own renderings, so both say exactly the same thing. Sentences may hold line breaks for
 * the console; HTML folds them into spaces.
 */
final class GateWording {
  private GateWording() {}

  static String headline(Verdict verdict) {
    return switch (verdict) {
      case PASSED -> "PASSED";
      case PASSED_WITH_SIGN_OFF -> "PASSED with sign-off";
      case FAILED -> "FAILED";
    };
  }

  /** The lift sentence when it is within the limit (above it, the lift finding says so). */
  static String liftWithinLimit(Comparison c, double maxLift) {
    return c.sentence() + "\nis within the " + Wording.fmt("%.3f", maxLift) + " limit.";
  }

  /** How a finding stands after the sign-off, for tags and lists. */
  static String state(GateResult r, Finding f) {
    boolean unresolved = r.unresolved().contains(f);
    return switch (f.resolution()) {
      case SIGN_OFF -> unresolved ? "needs a sign-off" : "covered by the sign-off";
      case WAIVER -> unresolved ? "needs a fix or a waiver" : "waived";
      case FIX -> "fix the input";
      case WARNING -> "warning";
    };
  }

  /** True when the lift finding is among the findings. */
  static boolean liftAbove(GateResult r) {
    return r.findings().stream().anyMatch(f -> f instanceof LiftAboveLimit);
  }
}
