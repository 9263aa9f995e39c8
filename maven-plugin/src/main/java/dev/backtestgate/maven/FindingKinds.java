package dev.backtestgate.maven;

import dev.backtestgate.FindingKind;

/**
 * What each finding kind means, for SARIF rules: a short description and help text saying what to do, as the
 * check that reports the kind states it ({@link FindingKind}); only the plugin's own {@value #NOT_RUN} is here.
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

  /** The plugin's own rule: a gated test that left no report. */
  private static final Kind NOT_RUN_KIND = new Kind(NOT_RUN, "Gated test did not run",
      "A @LeakageGated test produced no gate report in this build (old Surefire, Surefire's includes, a -Dtest "
          + "filter, or the test failed before the gate). The check goal's message names the cause and the fix.");

  /** The plugin's own rule: a gate failed by its review alone. */
  private static final Kind GATE_FAILED_KIND = new Kind(SarifFile.GATE_FAILED, "The leakage review failed the gate",
      "The gate has no unresolved finding, but its leakage review fails on its own (rejected, malformed, for "
          + "another gate). The report's sign-off section says why and what to change.");

  private FindingKinds() {}

  /** Whether the kind is the plugin's or one a check on the class path reports. */
  static boolean known(String id) {
    return id.equals(NOT_RUN) || id.equals(SarifFile.GATE_FAILED) || FindingKind.of(id).isPresent();
  }

  /** The kind as its check describes it, or a generic description for a kind this class path does not know. */
  static Kind of(String id) {
    if (id.equals(NOT_RUN)) {
      return NOT_RUN_KIND;
    }
    if (id.equals(SarifFile.GATE_FAILED)) {
      return GATE_FAILED_KIND;
    }
    return FindingKind.of(id).map(k -> new Kind(k.kind(), k.title(), k.help())).orElseGet(() -> new Kind(id,
        "Leakage gate finding: " + id, "The gate reported a '" + id + "' finding; the JSON and HTML reports "
            + "describe it."));
  }
}
