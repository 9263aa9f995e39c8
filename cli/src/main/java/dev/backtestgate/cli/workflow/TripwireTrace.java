package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.tripwire.FreshRows;
import dev.backtestgate.tripwire.Measurement;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.trace.Reached;
import dev.backtestgate.tripwire.trace.TableTrace;
import dev.backtestgate.tripwire.trace.Trace;
import dev.backtestgate.tripwire.trace.TraceJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The command line's trace of a tripped tripwire: the core's trace, each claimed table as its log tells it (read by
 * the command, through backtest-gate-lakehouse's {@code ClaimTables}), and the blast radius as {@code accept-history} computes it ({@link BlastRadius}: the latest
 * report of every other gate that declares a rewritten table and whose decisions reach a rewritten partition), over
 * the report directory; and the tripwire's JSON report.
 */
@API(status = INTERNAL, since = "0.3")
public final class TripwireTrace {
  private TripwireTrace() {}

  /**
   * The trace of {@code claim} against {@code outcomes} and its {@code tables}' histories, the blast radius over the
   * reports in {@code reportDir}.
   */
  public static Trace of(Claim claim, Outcomes outcomes, List<TableTrace> tables, Path reportDir) {
    List<Reached> reached = new ArrayList<>();
    String notChecked = "";
    if (tables.stream().anyMatch(t -> !t.rewroteBeforeRead().isEmpty())) {
      if (!Files.isDirectory(reportDir)) {
        notChecked = "the report directory " + reportDir + " does not exist (pass --reports=<dir>, the tests' "
            + "backtestgate.report-dir)";
      } else {
        GateReports.Listing listing = GateReports.read(reportDir);
        List<String> undeclared = new ArrayList<>();
        for (TableTrace t : tables) {
          Set<String> partitions = new LinkedHashSet<>();
          t.rewroteBeforeRead().forEach(c -> partitions.addAll(c.partitions()));
          if (partitions.isEmpty()) {
            continue;
          }
          BlastRadius radius = BlastRadius.of(listing, t.table(), PartitionGranularity.DAY, days(partitions));
          for (BlastRadius.Suspect s : radius.suspects()) {
            if (!s.report().gate().equals(claim.gate())) {
              reached.add(new Reached(s.report().gate(), t.table(), List.copyOf(partitions), s.report()
                  .signOffStatus()));
            }
          }
          radius.undeclared().forEach(r -> undeclared.add(r.gate()));
        }
        if (!undeclared.isEmpty()) {
          notChecked = undeclared.size() + " report(s) do not say which tables they read (written before reports "
              + "did): " + String.join(", ", undeclared.stream().distinct().toList());
        }
      }
    }
    return Trace.of(claim, outcomes, tables, reached, notChecked);
  }

  /**
   * The partitions as the day keys {@link BlastRadius} compares with a report's decision window: a Delta partition
   * {@code written_on=2024-01-01} is the day {@code 2024-01-01}. A partition that names no day cannot be placed in time,
   * so every report that declares the table is in the radius (fail closed): the earliest day stands for it.
   */
  static List<String> days(Set<String> partitions) {
    List<String> days = new ArrayList<>();
    for (String p : partitions) {
      String value = p.substring(p.lastIndexOf('=') + 1);
      try {
        days.add(PartitionGranularity.DAY.key(PartitionGranularity.DAY.parseKey(value)));
      } catch (DateTimeParseException e) {
        days.add("0001-01-01");
      }
    }
    return days.stream().distinct().toList();
  }

  /**
   * The tripwire's JSON report: the claim, what was measured, the findings' kinds and the trace (when it tripped),
   * in canonical form.
   */
  public static String json(Claim claim, TripwireResult result, Trace trace) {
    ObjectNode top = JsonNodeFactory.instance.objectNode();
    top.put("gate", claim.gate());
    top.put("outcome", result instanceof TripwireResult.Tripped ? "TRIPPED"
        : result instanceof TripwireResult.Held ? "HELD" : "UNCHECKED");
    Measurement m = result.measured().orElse(null);
    if (m == null) {
      top.putNull("measurement");
    } else {
      ObjectNode o = top.putObject("measurement");
      o.put("statistic", m.statistic().words());
      o.put("claimed", m.claimed());
      o.put("live", m.live());
      o.put("gap", m.gap());
      o.put("z", m.z());
      o.put("boundary", m.boundary());
      o.put("matured", m.matured());
      o.put("positives", m.positives());
      o.put("negatives", m.negatives());
      o.put("immature", m.immature());
      o.put("noLiftReason", m.noLiftReason());
    }
    Optional<FreshRows> fresh = FreshRows.of(claim, result);
    if (fresh.isEmpty()) {
      top.putNull("freshRows");
    } else {
      ObjectNode o = top.putObject("freshRows");
      o.put("trials", fresh.get().trials().count());
      if (fresh.get() instanceof FreshRows.Measured f) {
        o.put("confirmed", f.confirmed());
        o.put("lift", f.lift());
        o.put("z", f.z());
        o.put("boundary", f.boundary());
        o.put("alpha", f.alpha());
        o.put("matured", f.matured());
      } else {
        o.put("confirmed", false);
        o.put("reason", ((FreshRows.Unmeasured) fresh.get()).reason());
      }
      o.put("text", fresh.get().text());
    }
    var findings = top.putArray("findings");
    result.findings().forEach(f -> findings.addObject().put("kind", f.kind()).put("headline",
        f.render().headline()));
    if (trace == null) {
      top.putNull("trace");
    } else {
      top.set("trace", TraceJson.tree(trace));
    }
    top.set("claim", ClaimJson.tree(claim));
    return CanonicalJson.write(top);
  }

  /** Writes {@code text} to {@code file} atomically. */
  public static void write(Path file, String text) {
    ReviewWorkspace.write(file.toAbsolutePath(), text);
  }
}
