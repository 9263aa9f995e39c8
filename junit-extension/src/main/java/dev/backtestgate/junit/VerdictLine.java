package dev.backtestgate.junit;

import dev.backtestgate.GateResult;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * The one line each gated test prints to standard output, so that its verdict and lift reach Surefire's own
 * XML report ({@code <system-out>} of the test case in {@code TEST-*.xml}), which keeps a test's output but
 * drops JUnit report entries. The format is stable, for CI tools to grep:
 *
 * <pre>{@code
 * backtest-gate: com.acme.ChurnBacktest#gbm PASSED lift +0.0040 (limit 0.05)
 * backtest-gate: com.acme.ChurnBacktest#gbm FAILED lift unknown (limit 0.05)
 * }</pre>
 *
 * <p>The verdict is {@code PASSED}, {@code PASSED_WITH_SIGN_OFF} or {@code FAILED}; the lift has four decimals
 * and a sign, or is {@code unknown} when the comparison could not be computed.
 */
final class VerdictLine {
  /** What every line starts with. */
  static final String PREFIX = "backtest-gate: ";

  private VerdictLine() {}

  static String of(GateResult result) {
    String lift = result.comparison() == null ? "unknown"
        : String.format(Locale.ROOT, "%+.4f", result.comparison().lift());
    String limit = BigDecimal.valueOf(result.policy().maxLift()).stripTrailingZeros().toPlainString();
    return PREFIX + result.gateId() + " " + result.verdict().name() + " lift " + lift + " (limit " + limit + ")";
  }
}
