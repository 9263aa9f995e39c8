package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;


import java.time.Instant;
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
      if (f.timelessReason().isPresent()) {
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
        timeless, earliest, latest, tables(earliest, latest, run.inputs(HistoryDeclaration.class)));
  }

  /**
   * This summary with the latest decision time and the history tables of evidence computed elsewhere, where the
   * summary does not give them already.
   */
  RunSummary withData(Instant latest, List<HistoryTable> declared) {
    Map<String, HistoryTable> tables = new LinkedHashMap<>();
    historyTables.forEach(t -> tables.put(t.table(), t));
    declared.forEach(t -> tables.merge(t.table(), t, (first, next) -> first.granularity() == null ? next : first));
    return new RunSummary(candidate, baseline, rows, positives, features, timelessFeatures, earliestDecision, latest,
        List.copyOf(tables.values()));
  }

  /** Each declared table once, where it was first declared; a declaration with partitions (a manifest's) wins. */
  private static List<HistoryTable> tables(Instant earliest, Instant latest, List<HistoryDeclaration> declared) {
    Map<String, HistoryTable> tables = new LinkedHashMap<>();
    for (HistoryDeclaration d : declared) {
      HistoryTable t = d.historyTable(earliest, latest);
      tables.merge(t.table(), t, (first, next) -> first.granularity() == null ? next : first);
    }
    return List.copyOf(tables.values());
  }
}
