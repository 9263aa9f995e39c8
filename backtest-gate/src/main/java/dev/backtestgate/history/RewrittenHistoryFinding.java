package dev.backtestgate.history;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.internal.Wording;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Closed partitions of a table differ from its committed history manifest: history was rewritten in
 * place. Always fails; restore the rows, or review and commit the proposed manifest.
 *
 * @param result the partitions that changed, vanished or appeared
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RewrittenHistoryFinding(HistoryCheckResult result) implements Finding {
  /** How many changed partitions the console text names before summing up the rest. */
  public static final int MAX_PARTITIONS = 5;

  @Override
  public String kind() {
    return "rewritten-history";
  }

  @Override
  public String subject() {
    return result.table();
  }

  @Override
  public Resolution resolution() {
    return Resolution.FIX;
  }

  @Override
  public Rendering render() {
    List<String> lines = new ArrayList<>();
    lines.add(fmt("History of '%s' was rewritten in place: %d of %d closed partitions differ from the committed "
        + "manifest. Old rows now carry values nobody knew at the time, so a backtest on them is shown the "
        + "answers.", result.table(), result.findings().size(), result.partitionsChecked()));
    List<HistoryFinding> changed = result.findings();
    for (HistoryFinding p : changed.subList(0, Math.min(changed.size(), MAX_PARTITIONS))) {
      lines.add("  - '" + result.table() + "': " + p.describe());
    }
    if (changed.size() > MAX_PARTITIONS) {
      lines.add(fmt("  - ... and %d more partitions (all of them are in the JSON report).",
          changed.size() - MAX_PARTITIONS));
    }
    List<Map<String, Object>> partitions = new ArrayList<>();
    for (HistoryFinding p : changed) {
      partitions.add(Wording.ordered("partition", p.partition(), "change", p.change(), "description", p.describe()));
    }
    Map<String, Object> evidence = Wording.ordered("table", result.table(), "granularity",
        result.granularity().configValue(), "closedBefore", result.closedBefore().toString(), "partitionsChecked",
        result.partitionsChecked());
    evidence.put("partitions", partitions);
    return new Rendering(fmt("History of '%s' was rewritten in %d closed partitions.", result.table(),
        changed.size()), lines, "", "Restore the original rows of the partitions of '" + result.table()
            + "' listed above and append corrections as new events with their own recordedAt; if the rewrite "
            + "was intended, review the proposed manifest the gate wrote (its path is below; local runs write "
            + "it) and commit it in place of the old one.", evidence);
  }
}
