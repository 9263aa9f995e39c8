package dev.backtestgate.cli.workflow;

import java.util.regex.Pattern;

/**
 * A {@code @LeakageGated} test method found in compiled test classes.
 *
 * <pre>{@code
 * GatedMethod m = GatedTestScanner.scan(index).get(0);
 * boolean ran = m.matches("com.acme.ChurnBacktest#gbm");
 * }</pre>
 *
 * @param name the test as {@code fully.qualified.Class#method} (the class that runs it, {@code $} for nesting)
 * @param gateId the gate id its report carries (without the {@code [n]} of template invocations)
 * @param template whether it runs as invocations that append {@code [n]} to the gate id (parameterized, repeated)
 * @param disabled how it is disabled ({@code @Disabled("why")}), or {@code null} when it is not
 * @param topLevelClass internal name of the top-level class whose selection runs it (Surefire selects these)
 * @param location where the method is declared
 */
record GatedMethod(
    String name, String gateId, boolean template, String disabled, String topLevelClass, SourceLocation location) {
  private static final Pattern INVOCATIONS = Pattern.compile("(\\[\\d+])+");

  /** Whether a report with this gate id belongs to this test. */
  boolean matches(String reportGate) {
    if (reportGate.equals(gateId)) {
      return true;
    }
    return reportGate.startsWith(gateId + "[") && INVOCATIONS.matcher(reportGate.substring(gateId.length())).matches();
  }
}
