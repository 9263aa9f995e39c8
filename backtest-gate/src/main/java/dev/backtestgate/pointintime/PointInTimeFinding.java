package dev.backtestgate.pointintime;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.internal.Wording;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A feature's values were used before they were known.
 *
 * @param violation the evidence: rows, share, largest lead, example rows
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PointInTimeFinding(PointInTimeViolation violation) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "point-in-time";

  /** Why a point-in-time violation matters. */
  public static final String WHY = "A model that uses values recorded after its decision saw the future: its backtest "
      + "score is not evidence.";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String subject() {
    return violation.feature();
  }

  @Override
  public Resolution resolution() {
    return Resolution.WAIVER;
  }

  @Override
  public Rendering render() {
    PointInTimeViolation v = violation;
    StringBuilder statement = new StringBuilder(fmt("Feature '%s' was recorded after the decision time in "
        + "%,d of %,d rows (%s), up to %s late", v.feature(), v.rowsAffected(), v.rows(),
        Wording.percent(v.share()), Wording.duration(v.largestLead())));
    if (!v.availabilityLag().isZero()) {
      statement.append(" (availability lag ").append(Wording.duration(v.availabilityLag())).append(" included)");
    }
    List<String> lines = new ArrayList<>();
    lines.add(statement.append('.').toString());
    for (int i = 0; i < v.examples().size(); i++) {
      PointInTimeViolation.ExampleRow e = v.examples().get(i);
      lines.add((i == 0 ? "  e.g. " : "       ") + fmt("row %d decided %s, known %s", e.row(), e.decisionTime(),
          e.knownAt()));
    }
    List<Map<String, Object>> examples = new ArrayList<>();
    for (PointInTimeViolation.ExampleRow e : v.examples()) {
      examples.add(Wording.ordered("row", e.row(), "decisionTime", e.decisionTime().toString(), "knownAt",
          e.knownAt().toString()));
    }
    Map<String, Object> evidence = Wording.ordered("feature", v.feature(), "rowsAffected", v.rowsAffected(),
        "rowsWithValue", v.rowsWithValue(), "rows", v.rows(), "share", v.share(),
        "largestLead", v.largestLead().toString(), "availabilityLag", v.availabilityLag().toString());
    evidence.put("examples", examples);
    return new Rendering(fmt("Feature '%s' was recorded after the decision time in %,d rows (%s).", v.feature(),
        v.rowsAffected(), Wording.percent(v.share())), lines, WHY,
        "Rebuild '" + v.feature() + "' as of each decision time (PointInTimeJoin); if its values become usable "
            + "only some time after recording, set backtestgate.availability-lag.", evidence);
  }
}
