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
 * Events were written into history long after they became valid. Those that declare the event they correct
 * are listed by reason code and never fail; the undeclared ones, the mark of a backfill that stamped its rows,
 * fail the gate under {@link LateWritePolicy#FAIL} (the default; {@code backtestgate.late-writes}).
 *
 * @param report the detector's evidence: batches by recorded day, declared corrections by reason code
 * @param policy the policy in force
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LateWritesFinding(LateWriteReport report, LateWritePolicy policy) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "late-writes";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String subject() {
    return report.table();
  }

  @Override
  public Resolution resolution() {
    return policy.fails(report) ? Resolution.FIX : Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    List<String> lines = new ArrayList<>();
    if (report.undeclared()) {
      lines.add(fmt("Late writes to '%s': %,d of %,d events were recorded more than %s after they became valid "
          + "without declaring what they correct, the mark of a backfill that edited closed history. %s",
          report.table(), report.lateEvents(), report.events(), Wording.duration(report.closingWindow()),
          policy == LateWritePolicy.FAIL
              ? "This fails the gate (backtestgate.late-writes=fail, the default)."
              : "A warning only (backtestgate.late-writes=warn; remove it to block the build again)."));
      report.problems().forEach(line -> lines.add("  - " + line));
    }
    if (!report.corrections().isEmpty()) {
      lines.add(fmt("Declared corrections to '%s': %,d late event(s) say which event they correct and why; "
          + "listed by reason code, they never fail the gate.", report.table(), report.declaredCorrections()));
      report.corrections().forEach(group -> lines.add("  - " + group.describe(report.table())));
    }
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
    List<Map<String, Object>> corrections = new ArrayList<>();
    for (LateWriteReport.DeclaredCorrections group : report.corrections()) {
      List<Map<String, Object>> examples = new ArrayList<>();
      for (LateWriteReport.Correction e : group.examples()) {
        examples.add(Wording.ordered("id", e.id(), "corrects", e.corrects(), "entity", e.entity(),
            "validFrom", e.validFrom().toString(), "recordedAt", e.recordedAt().toString()));
      }
      Map<String, Object> entry = Wording.ordered("reason", group.reason(), "count", group.count(),
          "entities", group.entities());
      entry.put("examples", examples);
      corrections.add(entry);
    }
    Map<String, Object> evidence = Wording.ordered("table", report.table(), "policy", policy.configValue(),
        "closingWindow", report.closingWindow().toString(), "events", report.events(),
        "lateEvents", report.lateEvents());
    evidence.put("batches", batches);
    evidence.put("declaredCorrections", report.declaredCorrections());
    evidence.put("corrections", corrections);
    String headline = report.undeclared()
        ? fmt("%,d undeclared late writes to '%s'%s.", report.lateEvents(), report.table(),
            report.corrections().isEmpty() ? "" : fmt(" (and %,d declared corrections)", report.declaredCorrections()))
        : fmt("%,d declared corrections to '%s', by reason: %s.", report.declaredCorrections(), report.table(),
            String.join(", ", report.corrections().stream().map(g -> g.reason() + " " + g.count()).toList()));
    String fix = report.undeclared()
        ? "Restore the rows of '" + report.table() + "' that the late batches overwrote and append the corrections "
            + "as new events that declare what they correct (corrects = the id of the corrected event, reason = a "
            + "short code); or, if undeclared late writes are expected for this table, set "
            + "backtestgate.late-writes=warn."
        : "";
    return new Rendering(headline, lines, "", fix, evidence).table(table());
  }

  /**
   * The last list as the HTML page's table: the declared corrections by reason when there are any, else the late
   * batches by the day they were recorded.
   */
  private Table table() {
    if (!report.corrections().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (LateWriteReport.DeclaredCorrections g : report.corrections()) {
        LateWriteReport.Correction e = g.examples().isEmpty() ? null : g.examples().get(0);
        rows.add(List.of(g.reason(), fmt("%,d", g.count()), fmt("%,d", g.entities()), e == null ? ""
            : fmt("event %s corrects %s: entity %s, valid from %s, recorded %s", e.id(), e.corrects(), e.entity(),
                e.validFrom(), e.recordedAt())));
      }
      return new Table(fmt("Declared corrections to '%s', by reason", report.table()),
          List.of("Reason", "Corrections", "Entities", "Example"), rows, -1, report.corrections().size());
    }
    if (!report.undeclared()) {
      return Table.NONE;
    }
    List<List<String>> rows = new ArrayList<>();
    for (LateWriteReport.Batch b : report.batches()) {
      rows.add(List.of(b.recordedDay().toString(), fmt("%,d", b.count()), b.minValidFrom().toString(),
          b.maxValidFrom().toString(), b.entities() < 0 ? "not recorded" : fmt("%,d", b.entities()),
          Wording.duration(b.maxLateness()), b.commit() == null ? "" : b.commit().describe()));
    }
    return new Table(fmt("Late batches written to '%s', by the day they were recorded", report.table()),
        List.of("Recorded on", "Events", "Valid from", "Valid to", "Entities", "Latest by", "Commit"), rows, -1,
        report.batches().size());
  }
}
