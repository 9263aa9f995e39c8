package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;


import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.TableHistory;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The facts about a run that a reviewer sees beside the numbers.
 *
 * <pre>{@code
 * RunSummary s = result.run();
 * System.out.println(s.rows() + " rows, " + s.positives() + " positive, features " + s.features());
 * }</pre>
 *
 * @param candidate candidate model name
 * @param baseline baseline model name
 * @param rows rows in the run
 * @param positives positive rows
 * @param features all feature names, sorted
 * @param timelessFeatures the features declared timeless, sorted
 * @param earliestDecision the run's earliest decision time, {@code null} when not known (evidence from another engine)
 * @param latestDecision the run's latest decision time, {@code null} when not known
 * @param historyTables the tables whose history the run declares (history manifests, table logs, late-write
 *     reports), in the order declared
 */
@API(status = STABLE, since = "0.1")
public record RunSummary(
    String candidate, String baseline, int rows, int positives, List<String> features, List<String> timelessFeatures,
    Instant earliestDecision, Instant latestDecision, List<HistoryTable> historyTables) {
  /** Copies the lists. */
  public RunSummary {
    features = List.copyOf(features);
    timelessFeatures = List.copyOf(timelessFeatures);
    historyTables = List.copyOf(historyTables);
  }

  /** A summary without a decision window or history tables (what another engine's evidence gives). */
  public RunSummary(String candidate, String baseline, int rows, int positives, List<String> features,
      List<String> timelessFeatures) {
    this(candidate, baseline, rows, positives, features, timelessFeatures, null, null, List.of());
  }

  /**
   * A table whose history the run declares, and the partitions its decisions fall in.
   *
   * @param table the table, as its history is declared (the manifest's or the log reader's table name)
   * @param granularity {@code day} or {@code month} when a history manifest gives it, else {@code null}
   * @param firstPartition the partition of the earliest decision time at that granularity, or {@code null}
   * @param lastPartition the partition of the latest decision time at that granularity, or {@code null}
   */
  @API(status = STABLE, since = "0.1")
  public record HistoryTable(String table, String granularity, String firstPartition, String lastPartition) {}

  /** The summary of {@code run}. */
  static RunSummary of(BacktestRun run) {
    List<String> features = new java.util.ArrayList<>();
    List<String> timeless = new java.util.ArrayList<>();
    for (FeatureTiming f : run.features()) {
      features.add(f.name());
      if (f instanceof FeatureTiming.Timeless) {
        timeless.add(f.name());
      }
    }
    features.sort(null);
    timeless.sort(null);
    long[] times = run.decisionTimes();
    Instant earliest = null;
    Instant latest = null;
    if (times.length > 0) {
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      for (long t : times) {
        min = Math.min(min, t);
        max = Math.max(max, t);
      }
      earliest = Instant.ofEpochMilli(min);
      latest = Instant.ofEpochMilli(max);
    }
    return new RunSummary(run.candidateName(), run.baseline().name(), run.rows(), run.positives(), features,
        timeless, earliest, latest, tables(earliest, latest, run.inputs(HistoryCheckResult.class),
            run.inputs(TableHistory.class), run.inputs(LateWriteReport.class)));
  }

  /**
   * This summary with the latest decision time and the history tables of evidence computed elsewhere, where the
   * summary does not give them already.
   */
  RunSummary withData(Instant latest, List<HistoryCheckResult> histories, List<LateWriteReport> lateWrites) {
    Instant last = latestDecision != null ? latestDecision : latest;
    List<HistoryTable> tables = new java.util.ArrayList<>(historyTables);
    for (HistoryTable t : tables(earliestDecision, last, histories, List.of(), lateWrites)) {
      if (tables.stream().noneMatch(known -> known.table().equals(t.table()))) {
        tables.add(t);
      }
    }
    return new RunSummary(candidate, baseline, rows, positives, features, timelessFeatures, earliestDecision, last,
        tables);
  }

  private static List<HistoryTable> tables(Instant earliest, Instant latest, List<HistoryCheckResult> histories,
      List<TableHistory> logs, List<LateWriteReport> lateWrites) {
    Map<String, HistoryTable> tables = new LinkedHashMap<>();
    for (HistoryCheckResult h : histories) {
      tables.putIfAbsent(h.table(), new HistoryTable(h.table(), h.granularity().configValue(),
          earliest == null ? null : h.granularity().key(day(earliest)),
          latest == null ? null : h.granularity().key(day(latest))));
    }
    for (TableHistory h : logs) {
      tables.putIfAbsent(h.table(), new HistoryTable(h.table(), null, null, null));
    }
    for (LateWriteReport h : lateWrites) {
      tables.putIfAbsent(h.table(), new HistoryTable(h.table(), null, null, null));
    }
    return List.copyOf(tables.values());
  }

  private static LocalDate day(Instant t) {
    return LocalDate.ofInstant(t, ZoneOffset.UTC);
  }
}
