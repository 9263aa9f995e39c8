package dev.backtestgate.report;

import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.Verdict;
import dev.backtestgate.time.PointInTimeViolation;
import java.util.Locale;

/**
 * The sentences that the console text ({@link GateText}) and the HTML report ({@link HtmlReport}) share, so
 * both say exactly the same thing about a finding. Sentences may hold line breaks for the console; HTML
 * folds them into spaces.
 */
final class GateWording {
  /** Why a point-in-time violation matters. */
  static final String PIT_WHY = "A model that uses values recorded after its decision saw the future: its backtest "
      + "score is not evidence.";

  private GateWording() {}

  static String headline(Verdict verdict) {
    return switch (verdict) {
      case PASSED -> "PASSED";
      case PASSED_WITH_SIGN_OFF -> "PASSED with sign-off";
      case FAILED -> "FAILED";
    };
  }

  /** The lift, both AUCs and the interval in one sentence (no line break, no full stop). */
  static String liftSentence(Comparison c) {
    String interval = c.interval() == Comparison.Interval.PAIRED_DELONG
        ? fmt("%.0f%% CI %+.3f..%+.3f", 100 * c.confidence(), c.ciLower(), c.ciUpper())
        : fmt("%.0f%% CI %+.3f..%+.3f from the candidate alone: the baseline is only an AUC number, so there is no "
            + "paired interval", 100 * c.confidence(), c.ciLower(), c.ciUpper());
    return fmt("AUC lift %+.3f (candidate %s %.3f vs baseline %s %.3f, %s)", c.lift(), c.candidate(),
        c.candidateAuc(), c.baseline(), c.baselineAuc(), interval);
  }

  /** The lift sentence and how it stands against {@code maxLift}. */
  static String liftAgainstLimit(Comparison c, double maxLift, boolean above) {
    return liftSentence(c) + "\n" + (above
        ? "is above the " + fmt("%.3f", maxLift) + " limit. A lift this large is the classic signature of leaked "
            + "future data."
        : "is within the " + fmt("%.3f", maxLift) + " limit.");
  }

  static String perfectCandidate(String candidate) {
    return "Candidate " + candidate + " has an AUC of 1.000: it ranks every positive above every negative. Real "
        + "models almost never do; a perfect score usually means the label leaked into a feature.";
  }

  static String checkFailed(Finding.CheckFailed failed) {
    return "The " + failed.check() + " check could not run: " + failed.reason()
        + "\nThe gate cannot vouch for a backtest it could not check, so it fails.";
  }

  /** What a point-in-time violation is, in one sentence with its full stop. */
  static String pointInTime(PointInTimeViolation v, boolean waived) {
    StringBuilder out = new StringBuilder();
    out.append(fmt("Feature '%s' was recorded after the decision time in %,d of %,d rows (%.1f%%), up to %s late",
        v.feature(), v.rowsAffected(), v.rows(), 100 * v.share(), Durations.human(v.largestLead())));
    if (!v.availabilityLag().isZero()) {
      out.append(" (availability lag ").append(Durations.human(v.availabilityLag())).append(" included)");
    }
    return out.append(waived ? "; waived by the leakage review." : ".").toString();
  }

  static String exampleRow(PointInTimeViolation.ExampleRow e) {
    return fmt("row %d decided %s, known %s", e.row(), e.decisionTime(), e.knownAt());
  }

  static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
