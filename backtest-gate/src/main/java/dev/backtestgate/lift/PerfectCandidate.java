package dev.backtestgate.lift;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The candidate ranks every positive above every negative: real models almost never do.
 *
 * @param candidate the candidate's name
 * @param candidateAuc the candidate's AUC, 1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PerfectCandidate(String candidate, double candidateAuc) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "perfect-auc";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;
  }

  @Override
  public Rendering render() {
    return new Rendering("Candidate " + candidate + " has an AUC of 1.000.", List.of("Candidate " + candidate
        + " has an AUC of 1.000: it ranks every positive above every negative. Real models almost never do; a "
        + "perfect score usually means the label leaked into a feature."), "", "",
        Map.of("candidateAuc", candidateAuc));
  }
}
