package dev.backtestgate.junit;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The one line each gated test prints to standard output, so that its verdict and lift reach Surefire's own
 * XML report ({@code <system-out>} of the test case in {@code TEST-*.xml}), which keeps a test's output but
 * drops JUnit report entries. The format is stable, for CI tools to grep:
 *
 * <pre>{@code
 * backtest-gate: com.acme.ChurnBacktest#gbm PASSED lift +0.0040 (limit 0.05)
 * backtest-gate: com.acme.ChurnBacktest#gbm FAILED: lift, point-in-time; lift +0.0712 (limit 0.05)
 * backtest-gate: com.acme.ChurnBacktest#gbm FAILED: check-failed; lift unknown (limit 0.05)
 * }</pre>
 *
 * <p>The verdict is {@code PASSED}, {@code PASSED_WITH_SIGN_OFF} or {@code FAILED}; a failure names why after a
 * colon: the kinds of the findings that fail the gate, in the order the gate found them, then {@code sign-off
 * rejected} or {@code sign-off unreadable} when the leakage review fails the gate on its own. The lift, always last,
 * has four decimals and a sign, or is {@code unknown} when the comparison could not be computed.
 */
final class VerdictLine {
  /** What every line starts with. */
  static final String PREFIX = "backtest-gate: ";

  private VerdictLine() {}

  static String of(GateResult result) {
    String lift = result.comparison() == null ? "unknown"
        : String.format(Locale.ROOT, "%+.4f", result.comparison().lift());
    String limit = BigDecimal.valueOf(result.policy().maxLift()).stripTrailingZeros().toPlainString();
    String verdict = result.verdict() == Verdict.FAILED ? "FAILED: " + String.join(", ", reasons(result)) + ";"
        : result.verdict().name();
    return PREFIX + result.gateId() + " " + verdict + " lift " + lift + " (limit " + limit + ")";
  }

  /** Why the gate failed: the unresolved kinds, then the leakage review when it fails on its own. */
  private static Set<String> reasons(GateResult result) {
    Set<String> reasons = new LinkedHashSet<>();
    for (Finding f : result.unresolved()) {
      reasons.add(f.kind());
    }
    if (result.signOff().failsOnItsOwn()) {
      reasons.add(result.signOff().rejected() ? "sign-off rejected" : "sign-off unreadable");
    }
    return reasons;
  }
}
