package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Kind {@code time-shift-unchecked}: a run with a pipeline whose time-shift test could not run (no entities recorded,
 * too few rows whose label changes between decisions). A warning, so that a pass never hides a test that did not run.
 *
 * @param reason why, with the fix
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record TimeShiftUncheckedFinding(String reason) implements Finding {
  /** The kind. */
  public static final String KIND = "time-shift-unchecked";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    String headline = "The time-shifted labels test did not run: " + reason + ".";
    return new Rendering(headline, java.util.List.of(headline), "Without it, a feature that reads the next period is "
        + "caught only if it also moves the lift or the refit.", "Record what the message names; nothing else "
        + "needs doing for this run to pass.", Map.of("reason", reason));
  }
}
