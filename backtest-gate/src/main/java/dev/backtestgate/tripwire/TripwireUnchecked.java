package dev.backtestgate.tripwire;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Kind {@code tripwire-unchecked}: too few matured production rows of a class to hold production to the claim yet.
 * A warning that says how many labels are due, and by when.
 *
 * @param gate the gate whose claim could not be checked yet
 * @param positives matured positive rows
 * @param negatives matured negative rows
 * @param minClass the rows of each class the tripwire needs
 * @param immature rows not matured at the check time
 * @param due immature rows whose label time is known (in the future)
 * @param dueBy the latest of those label times, or {@code null} when none is known
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TripwireUnchecked(String gate, long positives, long negatives, int minClass, int immature, int due,
    Instant dueBy) implements Finding {
  /** The kind. */
  public static final FindingKind KIND = new FindingKind("tripwire-unchecked", "Too few matured outcomes to check "
      + "the claim", "Fewer matured production rows of a class than backtestgate.lift-period-min-class (30), so "
      + "production was not yet held to the backtest's claim. A warning: it says how many labels are due, and by "
      + "when; check again then.");

  /** Checks. */
  public TripwireUnchecked {
    Objects.requireNonNull(gate, "gate");
  }

  @Override
  public String kind() {
    return KIND.kind();
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    String headline = fmt("Production not checked against backtest '%s' yet: %d matured positive and %d negative "
        + "decisions, fewer than %d of each.", gate, positives, negatives, minClass);
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    if (immature == 0) {
      lines.add("  every decision given has matured: collect more decisions");
    } else if (dueBy != null) {
      lines.add(fmt("  %d decision(s) not matured yet; %d of them mature by %s%s", immature, due, dueBy,
          due < immature ? fmt(", %d have no label time yet", immature - due) : ""));
    } else {
      lines.add(fmt("  %d decision(s) not matured yet, none with a label time yet", immature));
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("positives", positives);
    evidence.put("negatives", negatives);
    evidence.put("minClass", minClass);
    evidence.put("immature", immature);
    evidence.put("due", due);
    evidence.put("dueBy", dueBy == null ? null : dueBy.toString());
    return new Rendering(headline, lines, "An AUC on fewer rows of a class is noise: the tripwire would trip at "
        + "random, or never.", dueBy != null ? "Run the tripwire again after " + dueBy + "." : "Run the tripwire again "
        + "once more labels are known.", evidence);
  }
}
