package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * How a build selected and ran its tests, as far as it explains a gated test that left no report: Surefire's setup
 * under Maven, the test runner's JUnit XML results under any other build.
 *
 * <pre>{@code
 * BuildCheck.Cause cause = selection.cause(test);
 * String text = selection.explain(cause, missing, reportDir);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public sealed interface TestSelection permits SurefireSetup, JUnitXmlResults {
  /** The likely reason {@code test} left no report. */
  BuildCheck.Cause cause(GatedMethod test);

  /** The cause, why it matters and the fix, for the tests it applies to. */
  String explain(BuildCheck.Cause cause, List<BuildCheck.Missing> tests, Path reportDir);

  /** How a build that must not run the gated tests turns the check off. */
  String turnOff();
}
