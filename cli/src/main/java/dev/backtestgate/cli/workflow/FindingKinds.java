package dev.backtestgate.cli.workflow;

import dev.backtestgate.FindingKind;
import dev.backtestgate.tripwire.OfflineOnlineGap;
import dev.backtestgate.tripwire.TripwireUnchecked;

/**
 * What each finding kind means, for SARIF rules: a short description and help text saying what to do, as the
 * check that reports the kind states it ({@link FindingKind}); only the plugin's own {@value #NOT_RUN} is here.
 *
 * <pre>{@code
 * FindingKind k = FindingKinds.of("lift");
 * }</pre>
 */
final class FindingKinds {
  /** The rule of gated tests that did not run in the build. */
  static final String NOT_RUN = "not-run";

  /** The plugin's own rule: a gated test that left no report. */
  private static final FindingKind NOT_RUN_KIND = new FindingKind(NOT_RUN, "Gated test did not run",
      "A @LeakageGated test produced no gate report in this build (old Surefire, Surefire's includes, a -Dtest "
          + "filter, or the test failed before the gate). The check goal's message names the cause and the fix.");

  /** The plugin's own rule: a gate failed by its review alone. */
  private static final FindingKind GATE_FAILED_KIND = new FindingKind(SarifFile.GATE_FAILED, "The leakage review failed the gate",
      "The gate has no unresolved finding, but its leakage review fails on its own (rejected, malformed, for "
          + "another gate). The report's sign-off section says why and what to change.");

  private FindingKinds() {}

  /** Whether the kind is the plugin's or one a check on the class path reports. */
  static boolean known(String id) {
    return id.equals(NOT_RUN) || id.equals(SarifFile.GATE_FAILED) || FindingKind.of(id).isPresent();
  }

  /** The kind as its check describes it, or a generic description for a kind this class path does not know. */
  static FindingKind of(String id) {
    if (id.equals(NOT_RUN)) {
      return NOT_RUN_KIND;
    }
    if (id.equals(SarifFile.GATE_FAILED)) {
      return GATE_FAILED_KIND;
    }
    for (FindingKind tripwire : new FindingKind[] {OfflineOnlineGap.KIND, TripwireUnchecked.KIND}) {
      if (tripwire.kind().equals(id)) {
        return tripwire;   // the tripwire's kinds: no check on the class path reports them
      }
    }
    return FindingKind.of(id).orElseGet(() -> new FindingKind(id,
        "Leakage gate finding: " + id, "The gate reported a '" + id + "' finding; the JSON and HTML reports "
            + "describe it."));
  }
}
