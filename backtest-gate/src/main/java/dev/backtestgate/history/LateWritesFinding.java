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
 * Events were written into history long after they became valid: the mark of a backfill that stamped
 * its rows. Fails the gate only under {@link LateWritePolicy#FAIL} ({@code backtestgate.late-writes}).
 *
 * @param report the detector's evidence: batches by recorded day, counts, valid-time ranges
 * @param policy the policy in force
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LateWritesFinding(LateWriteReport report, LateWritePolicy policy) implements Finding {
  @Override
  public String kind() {
    return "late-writes";
  }

  @Override
  public String subject() {
    return report.table();
  }

  @Override
  public Resolution resolution() {
    return policy == LateWritePolicy.FAIL ? Resolution.FIX : Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    List<String> lines = new ArrayList<>();
    lines.add(fmt("Late writes to '%s': %,d of %,d events were recorded more than %s after they became valid, "
        + "the mark of a backfill that edited closed history. %s", report.table(), report.lateEvents(),
        report.events(), Wording.duration(report.closingWindow()), policy == LateWritePolicy.FAIL
            ? "This fails the gate (backtestgate.late-writes=fail)."
            : "A warning only (backtestgate.late-writes=warn; set it to fail to block the build)."));
    report.problems().forEach(line -> lines.add("  - " + line));
    List<Map<String, Object>> batches = new ArrayList<>();
    for (LateWriteReport.Batch b : report.batches()) {
      Map<String, Object> batch = Wording.ordered("recordedDay", b.recordedDay().toString(), "count", b.count(),
          "minValidFrom", b.minValidFrom().toString(), "maxValidFrom", b.maxValidFrom().toString(),
          "entities", b.entities(), "maxLateness", b.maxLateness().toString());
      if (b.commit() != null) {
        batch.put("commit", LogCommits.evidence(b.commit()));
      }
      batches.add(batch);
    }
    Map<String, Object> evidence = Wording.ordered("table", report.table(), "policy", policy.configValue(),
        "closingWindow", report.closingWindow().toString(), "events", report.events(),
        "lateEvents", report.lateEvents());
    evidence.put("batches", batches);
    return new Rendering(fmt("%,d late writes to '%s'.", report.lateEvents(), report.table()), lines, "",
        "Restore the rows of '" + report.table() + "' that the late batches overwrote and record the corrections "
            + "as new events with their own recordedAt; or, if late writes are expected for this table, set "
            + "backtestgate.late-writes=warn.", evidence);
  }
}
