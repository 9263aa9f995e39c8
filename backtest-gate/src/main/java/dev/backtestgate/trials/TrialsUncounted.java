package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Kind {@code many-trials} as a warning: the trials could not all be counted (an entry skipped, a ledger that
 * cannot be read or written), so the lift is judged on the trials that could.
 *
 * @param why what went wrong, naming the file, the ledger or the key
 * @param fix the exact next step
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TrialsUncounted(String why, String fix) implements Finding {
  @Override
  public String kind() {
    return ManyTrialsFinding.KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    String headline = "Trials not all counted: " + why + ".";
    return new Rendering(headline, List.of(headline),
        "The gate deflates a lift by the number of candidates tried on the same rows; trials it cannot read are "
            + "trials it cannot count.", fix, Map.of("why", why));
  }
}
