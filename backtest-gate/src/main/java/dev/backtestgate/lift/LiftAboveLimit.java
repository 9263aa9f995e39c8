package dev.backtestgate.lift;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The candidate beats the baseline by more than the limit: the classic signature of leaked data.
 *
 * @param comparison both AUCs, the lift and its interval
 * @param maxLift the limit in force ({@code backtestgate.max-lift})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LiftAboveLimit(Comparison comparison, double maxLift) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "lift";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;
  }

  /** Candidate AUC minus baseline AUC. */
  public double lift() {
    return comparison.lift();
  }

  @Override
  public Rendering render() {
    return new Rendering(fmt("AUC lift %+.3f is above the %.3f limit.", lift(), maxLift),
        List.of(comparison.sentence(), "is above the " + fmt("%.3f", maxLift) + " limit. A lift this large is the "
            + "classic signature of leaked future data."), "", "",
        Map.of("lift", lift(), "maxLift", maxLift));
  }
}
