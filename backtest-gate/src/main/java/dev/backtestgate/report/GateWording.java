package dev.backtestgate.report;

import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.Verdict;
import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.LateWritePolicy;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeViolation;
import java.util.ArrayList;
import java.util.List;
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

  /** How many changed partitions the text names before summing up the rest. */
  static final int MAX_PARTITIONS = 5;

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

  /** The late writes of one table: a summary sentence and one line per write batch. */
  static List<String> lateWrites(Finding.LateWrites f) {
    LateWriteReport report = f.report();
    List<String> lines = new ArrayList<>();
    lines.add(fmt("Late writes to '%s': %,d of %,d events were recorded more than %s after they became valid, "
        + "the mark of a backfill that edited closed history. %s", report.table(), report.lateEvents(),
        report.events(), Durations.human(report.closingWindow()), f.policy() == LateWritePolicy.FAIL
            ? "This fails the gate (backtestgate.late-writes=fail)."
            : "A warning only (backtestgate.late-writes=warn; set it to fail to block the build)."));
    lines.addAll(report.problems());
    return lines;
  }

  /** Rewritten history of one table: a summary sentence and one line per partition, then what to do. */
  static List<String> rewrittenHistory(Finding.RewrittenHistory f) {
    HistoryCheckResult result = f.result();
    List<String> lines = new ArrayList<>();
    lines.add(fmt("History of '%s' was rewritten in place: %d of %d closed partitions differ from the committed "
        + "manifest. Old rows now carry values nobody knew at the time, so a backtest on them is shown the "
        + "answers.", result.table(), result.findings().size(), result.partitionsChecked()));
    List<String> problems = result.problems();
    List<String> partitions = problems.subList(0, problems.size() - 1);
    lines.addAll(partitions.subList(0, Math.min(partitions.size(), MAX_PARTITIONS)));
    if (partitions.size() > MAX_PARTITIONS) {
      lines.add(fmt("... and %d more partitions (all of them are in the JSON report).",
          partitions.size() - MAX_PARTITIONS));
    }
    lines.add(problems.get(problems.size() - 1));
    return lines;
  }

  /** A short title per finding type (the HTML banner). */
  static String title(Finding f, String candidate) {
    if (f instanceof Finding.LiftAboveLimit lift) {
      return fmt("AUC lift %+.3f is above the %.3f limit.", lift.lift(), lift.maxLift());
    }
    if (f instanceof Finding.PerfectCandidate) {
      return "Candidate " + candidate + " has an AUC of 1.000.";
    }
    if (f instanceof Finding.PointInTime pit) {
      return fmt("Feature '%s' was recorded after the decision time in %,d rows (%.1f%%).", pit.violation().feature(),
          pit.violation().rowsAffected(), 100 * pit.violation().share());
    }
    if (f instanceof Finding.LateWrites late) {
      return fmt("%,d late writes to '%s'.", late.report().lateEvents(), late.report().table());
    }
    if (f instanceof Finding.RewrittenHistory history) {
      return fmt("History of '%s' was rewritten in %d closed partitions.", history.result().table(),
          history.result().findings().size());
    }
    if (f instanceof Finding.CheckFailed failed) {
      return "The " + failed.check() + " check could not run.";
    }
    return f.toString();
  }

  /** Every line that describes {@code f} in full, for findings without a section of their own. */
  static List<String> describe(Finding f, String candidate) {
    if (f instanceof Finding.PerfectCandidate) {
      return List.of(perfectCandidate(candidate));
    }
    if (f instanceof Finding.CheckFailed failed) {
      return List.of(checkFailed(failed));
    }
    if (f instanceof Finding.LateWrites late) {
      return lateWrites(late);
    }
    if (f instanceof Finding.RewrittenHistory history) {
      return rewrittenHistory(history);
    }
    return List.of(f.toString());
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
