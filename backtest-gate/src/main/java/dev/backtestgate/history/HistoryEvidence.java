package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.EvidencePart;
import dev.backtestgate.HistoryDeclaration;
import dev.backtestgate.RunSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The history checks' part of {@link dev.backtestgate.GateEvidence}: the late-write reports, history-manifest checks
 * and table-log histories of the tables a backtest's features came from, judged as for a run (undeclared late writes
 * fail or warn under {@code backtestgate.late-writes}, rewritten history fails, an unreadable log window fails).
 * Adding a second part appends its tables. An engine that reads a table's own log binds the table's version
 * ({@link TableHistory#binding()}) into the evidence's fingerprint.
 *
 * <pre>{@code
 * evidence = evidence.with(HistoryEvidence.of(LateWriteDetector.detect(...)));
 * }</pre>
 *
 * @param lateWrites late-write reports, one per table
 * @param historyChecks history-manifest checks, one per table
 * @param tableHistories histories read from tables' own logs (Delta Lake, Iceberg)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryEvidence(List<LateWriteReport> lateWrites, List<HistoryCheckResult> historyChecks,
    List<TableHistory> tableHistories) implements EvidencePart<HistoryEvidence> {
  /** Copies the lists (which may hold no null). */
  public HistoryEvidence {
    lateWrites = List.copyOf(lateWrites);
    historyChecks = List.copyOf(historyChecks);
    tableHistories = List.copyOf(tableHistories);
  }

  /** The part of one table's late-write report. */
  public static HistoryEvidence of(LateWriteReport report) {
    return new HistoryEvidence(List.of(Objects.requireNonNull(report, "late-write report")), List.of(), List.of());
  }

  /** The part of one table's history-manifest check. */
  public static HistoryEvidence of(HistoryCheckResult result) {
    return new HistoryEvidence(List.of(), List.of(Objects.requireNonNull(result, "history check")), List.of());
  }

  /** The part of one table's history read from its own log. */
  public static HistoryEvidence of(TableHistory history) {
    return new HistoryEvidence(List.of(), List.of(), List.of(Objects.requireNonNull(history, "table history")));
  }

  /** Both parts' tables, this one's first. */
  @Override
  public HistoryEvidence plus(HistoryEvidence later) {
    return new HistoryEvidence(concat(lateWrites, later.lateWrites), concat(historyChecks, later.historyChecks),
        concat(tableHistories, later.tableHistories));
  }

  /** Whether the part holds no table. */
  boolean isEmpty() {
    return lateWrites.isEmpty() && historyChecks.isEmpty() && tableHistories.isEmpty();
  }

  @Override
  public List<RunSummary.HistoryTable> tables(Instant earliest, Instant latest) {
    return Stream.of(historyChecks, tableHistories, lateWrites).flatMap(List::stream)
        .map(d -> ((HistoryDeclaration) d).historyTable(earliest, latest)).toList();
  }

  private static <T> List<T> concat(List<T> first, List<T> second) {
    List<T> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}
