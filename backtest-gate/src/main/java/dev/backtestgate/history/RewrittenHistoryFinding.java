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
  /** The kind of this finding. */
  public static final String KIND = "rewritten-history";

  /** How many changed partitions the console text names before summing up the rest. */
  public static final int MAX_PARTITIONS = 5;

  @Override
  public String kind() {
    return KIND;
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
    List<HistoryFinding> changed = result.findings();
    boolean fromLog = changed.stream().allMatch(p -> p instanceof HistoryFinding.Rewritten);
    lines.add(fmt("History of '%s' was rewritten in place: %,d of %,d closed partitions differ from %s. Old rows now "
        + "carry values nobody knew at the time, so a backtest on them is shown the answers.", result.table(),
        changed.size(), result.partitionsChecked(), fromLog ? "what the table's log first recorded"
            : "the committed manifest"));
    for (HistoryFinding p : changed.subList(0, Math.min(changed.size(), MAX_PARTITIONS))) {
      lines.add("  - '" + result.table() + "': " + p.describe());
    }
    if (changed.size() > MAX_PARTITIONS) {
      lines.add(fmt("  - ... and %d more partitions (all of them are in the JSON report).",
          changed.size() - MAX_PARTITIONS));
    }
    List<Map<String, Object>> partitions = new ArrayList<>();
    for (HistoryFinding p : changed) {
      Map<String, Object> partition = Wording.ordered("partition", p.partition(), "change", p.change(),
          "description", p.describe());
      if (p instanceof HistoryFinding.Rewritten r) {
        partition.put("commit", LogCommits.evidence(r.commit()));
        partition.put("rowsRemoved", r.rowsRemoved());
        partition.put("rowsAdded", r.rowsAdded());
        partition.put("examples", r.examples());
      }
      partitions.add(partition);
    }
    Map<String, Object> evidence = Wording.ordered("table", result.table(), "granularity",
        result.granularity().configValue(), "closedBefore", result.closedBefore().toString(), "partitionsChecked",
        result.partitionsChecked());
    evidence.put("partitions", partitions);
    if (!result.commits().isEmpty()) {
      evidence.put("commitsRead", result.commits().size());
    }
    Table table = new Table(fmt("Closed partitions of '%s' that differ (%d of %d checked)", result.table(),
        changed.size(), result.partitionsChecked()), fromLog
            ? List.of("Partition", "Commit", "Time", "Operation", "Engine", "Removed", "Added", "Example rows")
            : List.of("Partition", "Change", "Rows recorded", "Rows now", "Hash recorded", "Hash now"),
        changed.stream().map(p -> row(p, fromLog)).toList(), -1, lines.size() - 1);
    List<String> names = changed.stream().map(HistoryFinding::partition).sorted().toList();
    String where = names.isEmpty() ? "" : names.size() == 1 ? ", " + names.get(0)
        : names.size() == 2 ? ", " + names.get(0) + " and " + names.get(1)
        : ", " + names.get(0) + " to " + names.get(names.size() - 1);
    return new Rendering(fmt("History of '%s' was rewritten in %d closed partition%s%s.", result.table(),
        changed.size(), changed.size() == 1 ? "" : "s", where), lines, "", fromLog
            ? "Restore the partitions of '" + result.table() + "' listed above "
            + "to the version before the commit that rewrote them (Delta: RESTORE TABLE ... TO VERSION AS OF that "
            + "version minus one; Iceberg: read the partitions AS OF the snapshot's parent and write them back) "
            + "and write the cleanup again as appended corrections with their own commit time; "
            + "a backtest must not run on the rewritten rows."
            : "Restore the original rows of the partitions of '" + result.table()
            + "' listed above and append corrections as new events with their own recordedAt; if the rewrite "
            + "was intended, review the proposed manifest the gate wrote (its path is below; local runs write "
            + "it) and commit it in place of the old one.", evidence).table(table)
        .figure(CommitTimeline.svg(result.table(), result.commits(), changed.stream()
            .filter(p -> p instanceof HistoryFinding.Rewritten).map(p -> ((HistoryFinding.Rewritten) p).commit()
                .version()).collect(java.util.stream.Collectors.toSet())));
  }

  /**
   * An example row as its changed columns only, e.g. {@code account_id 0: status DPD90 → REVIEW} from {@code
   * account_id 0: {account_id=0, status=DPD90} -> {account_id=0, status=REVIEW}}; the text itself when it has not
   * that shape or nothing differs.
   */
  static String changedColumns(String example) {
    int open = example.indexOf(": {");
    int arrow = example.indexOf("} -> {");
    if (open < 0 || arrow < open || !example.endsWith("}")) {
      return example;
    }
    Map<String, String> before = fields(example.substring(open + 3, arrow));
    Map<String, String> after = fields(example.substring(arrow + 6, example.length() - 1));
    List<String> changed = new ArrayList<>();
    before.forEach((column, value) -> {
      if (after.containsKey(column) && !after.get(column).equals(value)) {
        changed.add(column + " " + value + " \u2192 " + after.get(column));
      }
    });
    return changed.isEmpty() || before.size() != after.size() ? example
        : example.substring(0, open) + ": " + String.join("; ", changed);
  }

  private static Map<String, String> fields(String text) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (String field : text.split(", ")) {
      int eq = field.indexOf('=');
      if (eq > 0) {
        out.put(field.substring(0, eq), field.substring(eq + 1));
      }
    }
    return out;
  }

  /** One partition as a row of the HTML page's table; its example rows one per line, the first shown. */
  private static List<String> row(HistoryFinding p, boolean fromLog) {
    if (fromLog && p instanceof HistoryFinding.Rewritten r) {
      LogCommit c = r.commit();
      return List.of(r.partition(), Long.toString(c.version()), c.time().toString(), c.operation(),
          c.engine().isEmpty() ? "not recorded" : c.engine(), fmt("%,d", r.rowsRemoved()), fmt("%,d", r.rowsAdded()),
          String.join("\n", r.examples().stream().map(RewrittenHistoryFinding::changedColumns).toList()));
    }
    if (p instanceof HistoryFinding.Changed c) {
      return List.of(c.partition(), "changed", fmt("%,d", c.expectedRows()), fmt("%,d", c.actualRows()),
          c.expectedHash(), c.actualHash());
    }
    if (p instanceof HistoryFinding.Vanished v) {
      return List.of(v.partition(), "vanished", fmt("%,d", v.expectedRows()), "0", v.expectedHash(), "");
    }
    if (p instanceof HistoryFinding.Appeared a) {
      return List.of(a.partition(), "appeared", "0", fmt("%,d", a.actualRows()), "", a.actualHash());
    }
    HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) p;   // beside manifest findings: no log columns
    return List.of(r.partition(), "rewritten", fmt("%,d", r.rowsRemoved()), fmt("%,d", r.rowsAdded()), "", "");
  }
}
