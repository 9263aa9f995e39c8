package dev.backtestgate.maven;

import java.util.Map;

/**
 * What each finding kind means, for SARIF rules: a short description and help text saying what to do.
 *
 * <pre>{@code
 * FindingKinds.Kind k = FindingKinds.of("lift");
 * }</pre>
 */
final class FindingKinds {
  /** The rule of gated tests that did not run in the build. */
  static final String NOT_RUN = "not-run";

  /**
   * One kind.
   *
   * @param id the stable kind, the SARIF rule id
   * @param title a short description
   * @param help what it means and what to do
   */
  record Kind(String id, String title, String help) {}

  private static final Map<String, Kind> KINDS = Map.ofEntries(
      kind("lift", "AUC lift above the limit without a leakage review",
          "The candidate beats the baseline by more than backtestgate.max-lift: the classic signature of leaked "
          + "future data. Read the report, then either fix the leak or have a reviewer sign it off "
          + "(mvn backtest-gate:sign-off) and commit the review file."),
      kind("perfect-auc", "Candidate AUC of 1.000",
          "The candidate ranks every positive above every negative. Real models almost never do: a perfect score "
          + "usually means the label leaked into a feature. Needs a leakage review even below the lift limit."),
      kind("point-in-time", "Feature recorded after the decision time",
          "A feature value was used before it was known (knownAt + availability lag after the decision time). "
          + "Fix the join, or waive the feature by name with a reason in the leakage review."),
      kind("late-writes", "Late writes into closed partitions",
          "Events were recorded long after they became valid: a backfill edited closed history, so a backtest "
          + "on it sees values nobody knew at the time."),
      kind("rewritten-history", "History rewritten in place",
          "Closed partitions differ from the committed history manifest: old rows now carry values nobody knew "
          + "at the time. Restore the history or review and accept a new manifest (mvn backtest-gate:accept-history)."),
      kind("feature-label", "A single feature separates the labels",
          "One feature alone predicts the label almost perfectly: it is likely derived from the label."),
      kind("label-horizon", "Training labels resolved inside the test period",
          "The model trained on outcomes that were not known before the test period started."),
      kind("train-test-overlap", "Entities in both training and test",
          "Test rows whose entity appears in training at or after their decision time."),
      kind("future-read", "Feature function reads the future",
          "Re-running a feature on history truncated at the decision time gives another value: the function "
          + "reads data from after the decision."),
      kind("check-failed", "A check could not run",
          "The gate cannot vouch for a backtest it could not check, so it fails. The report says which check and "
          + "why."),
      kind(SarifFile.GATE_FAILED, "The leakage review failed the gate",
          "The gate has no unresolved finding, but its leakage review fails on its own (rejected, malformed, for "
          + "another gate). The report's sign-off section says why and what to change."),
      kind(NOT_RUN, "Gated test did not run",
          "A @LeakageGated test produced no gate report in this build (old Surefire, Surefire's includes, a -Dtest "
          + "filter, or the test failed before the gate). The check goal's message names the cause and the fix."));

  private FindingKinds() {}

  private static Map.Entry<String, Kind> kind(String id, String title, String help) {
    return Map.entry(id, new Kind(id, title, help));
  }

  /** Whether this version knows the kind. */
  static boolean known(String id) {
    return KINDS.containsKey(id);
  }

  /** The kind, or a generic description for a kind this version does not know. */
  static Kind of(String id) {
    Kind known = KINDS.get(id);
    return known != null ? known : new Kind(id, "Leakage gate finding: " + id,
        "The gate reported a '" + id + "' finding; the JSON and HTML reports describe it.");
  }
}
