package dev.backtestgate.cli.workflow;

import dev.backtestgate.history.PartitionGranularity;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gated backtests a rewrite of history reached: each whose latest report declares the table and whose data
 * overlaps a rewritten partition. A backtest reads the history known up to its decisions, so a partition overlaps
 * when it begins at or before the run's latest decision time; a report that declares the table without a decision
 * window overlaps every rewritten partition (fail closed).
 *
 * <pre>{@code
 * BlastRadius radius = BlastRadius.of(GateReports.read(reportDir), "statements", PartitionGranularity.MONTH,
 *     List.of("2024-01", "2024-02"));
 * radius.suspects().forEach(s -> System.out.println(s.report().gate() + " " + s.partitions()));
 * }</pre>
 *
 * @param table the rewritten table
 * @param reports how many reports were read
 * @param suspects the backtests the rewrite reached, by gate id
 * @param undeclared the reports that do not say which tables they read (written before reports did): not checked
 */
record BlastRadius(String table, int reports, List<Suspect> suspects, List<GateReport> undeclared) {
  BlastRadius {
    suspects = List.copyOf(suspects);
    undeclared = List.copyOf(undeclared);
  }

  /**
   * One backtest the rewrite reached.
   *
   * @param report its latest report
   * @param partitions the rewritten partitions its data overlaps
   * @param windowKnown whether the report gives its decision window
   */
  record Suspect(GateReport report, List<String> partitions, boolean windowKnown) {
    Suspect {
      partitions = List.copyOf(partitions);
    }
  }

  /** The blast radius of rewriting {@code rewritten} partitions of {@code table} among {@code listing}'s reports. */
  static BlastRadius of(GateReports.Listing listing, String table, PartitionGranularity granularity,
      List<String> rewritten) {
    Map<String, GateReport> latest = new LinkedHashMap<>();
    listing.reports().stream().sorted(Comparator.comparing(GateReport::modified))
        .forEach(r -> latest.put(r.gate(), r));
    List<Suspect> suspects = new ArrayList<>();
    List<GateReport> undeclared = new ArrayList<>();
    for (GateReport report : latest.values().stream().sorted(Comparator.comparing(GateReport::gate)).toList()) {
      if (report.data() == null) {
        undeclared.add(report);
        continue;
      }
      if (!report.data().historyTables().contains(table)) {
        continue;
      }
      Instant until = report.data().latestDecision();
      List<String> overlapping = rewritten.stream()
          .filter(p -> until == null || !granularity.parseKey(p).atStartOfDay(ZoneOffset.UTC).toInstant().isAfter(until))
          .toList();
      if (!overlapping.isEmpty()) {
        suspects.add(new Suspect(report, overlapping, until != null));
      }
    }
    return new BlastRadius(table, latest.size(), suspects, undeclared);
  }
}
