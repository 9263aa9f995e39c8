package dev.backtestgate.lakehouse;

import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.LogCommit;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.TableHistory;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rules on a table's log, for every format: a commit that removed rows (data change) from a partition closed
 * at its commit time rewrote history; a commit that only added rows into one wrote late; a commit that changed no
 * data (compaction, Z-order, {@code dataChange=false}, properties, vacuum) is silent. A partition is closed once its
 * rows' valid time is before the UTC day that began {@code closedAfterDays} days before the commit, the rule of
 * the PostgreSQL append-only guard.
 */
final class LogJudge {
  private LogJudge() {}

  static TableHistory judge(TableLog log, Window window, int closedAfterDays, ChangedRows changedRows) {
    List<String> unreadable = new ArrayList<>();
    unreadableWindow(log, window).ifPresent(unreadable::add);
    List<Rewrite> rewritten = new ArrayList<>();   // in commit order, then partition order: the findings' order
    Map<Long, Set<String>> rewrittenByCommit = new LinkedHashMap<>();
    List<LateWriteReport.Batch> batches = new ArrayList<>();
    Set<String> closedTouched = new TreeSet<>();
    long added = 0;
    long late = 0;
    Instant lastCommit = null;
    List<LogCommit> read = new ArrayList<>();
    for (TableLog.Commit commit : log.commits()) {
      if (!window.covers(commit)) {
        continue;
      }
      read.add(commit.commit());
      lastCommit = commit.commit().time();
      Instant cutoff = cutoff(commit.commit().time(), closedAfterDays);
      Map<String, long[]> closed = new TreeMap<>();   // partition -> {removed, added, minValidFrom}
      boolean unreadableCommit = false;
      for (FileChange change : commit.changes()) {
        if (!change.dataChange()) {
          continue;
        }
        if (change.validFrom() != null && !change.validFrom().isBefore(cutoff)) {
          if (change.added() && change.rows() > 0) {
            added += change.rows();
          }
          continue;   // open history: whatever the commit did there is no concern of this check
        }
        if (change.rows() < 0 || change.validFrom() == null) {
          if (unreadableCommit) {
            continue;   // one message per commit
          }
          unreadableCommit = true;
          unreadable.add("commit " + commit.commit().version() + " of '" + log.table() + "' ("
              + commit.commit().operation() + " at " + commit.commit().time() + ") " + (change.added() ? "added"
              : "removed") + " a file in partition " + change.partition() + " whose " + (change.rows() < 0
              ? "row count" : "earliest valid time") + " the log does not record (no file statistics), so "
              + "whether it touched closed history cannot be told and the window is not passed. Fix: keep file "
              + "statistics on (Delta collects them by default: delta.dataSkippingNumIndexedCols must cover the "
              + "valid-time column; Iceberg: write.metadata.metrics.column.<column> must not be none), or "
              + "partition the table by the valid-time column (Iceberg: or a day, month, year or hour of it).");
          continue;
        }
        if (change.added()) {
          added += change.rows();
        }
        if (change.rows() > 0) {
          long[] counts = closed.computeIfAbsent(change.partition(), p -> new long[] {0, 0, Long.MAX_VALUE});
          counts[change.added() ? 1 : 0] += change.rows();
          counts[2] = Math.min(counts[2], change.validFrom().toEpochMilli());
        }
      }
      closedTouched.addAll(closed.keySet());
      long lateRows = 0;
      long minValid = Long.MAX_VALUE;
      long maxValid = Long.MIN_VALUE;
      for (Map.Entry<String, long[]> p : closed.entrySet()) {
        long[] counts = p.getValue();
        if (counts[0] > 0) {
          rewritten.add(new Rewrite(p.getKey(), commit.commit(), counts[0], counts[1]));
          rewrittenByCommit.computeIfAbsent(commit.commit().version(), v -> new TreeSet<>()).add(p.getKey());
        } else {
          lateRows += counts[1];
          minValid = Math.min(minValid, counts[2]);
          maxValid = Math.max(maxValid, counts[2]);
        }
      }
      if (lateRows > 0) {
        late += lateRows;
        Instant time = commit.commit().time();
        batches.add(new LateWriteReport.Batch(LocalDate.ofInstant(time, ZoneOffset.UTC), (int) Math.min(lateRows,
            Integer.MAX_VALUE), Instant.ofEpochMilli(minValid), Instant.ofEpochMilli(maxValid), -1,
            Duration.between(Instant.ofEpochMilli(minValid), time), List.of(), commit.commit()));
      }
    }
    // the example rows of every rewrite at once, so a reader can fetch them in one read
    ChangedRows.Examples examples = rewrittenByCommit.isEmpty() ? new ChangedRows.Examples(Map.of(), null)
        : changedRows.examples(rewrittenByCommit);
    List<HistoryFinding> rewrites = new ArrayList<>();
    for (Rewrite r : rewritten) {
      rewrites.add(new HistoryFinding.Rewritten(r.partition(), r.commit(), r.removed(), r.added(),
          examples.of(r.commit().version(), r.partition())));
    }
    Instant asOf = lastCommit == null ? Instant.EPOCH : lastCommit;
    LocalDate closedBefore = LocalDate.ofInstant(cutoff(asOf, closedAfterDays), ZoneOffset.UTC);
    HistoryCheckResult rewriteResult = new HistoryCheckResult(log.table(), PartitionGranularity.DAY, closedBefore,
        closedTouched.size(), rewrites, null, read);
    LateWriteReport lateWrites = new LateWriteReport(log.table(), Duration.ofDays(closedAfterDays),
        (int) Math.min(added, Integer.MAX_VALUE), (int) Math.min(late, Integer.MAX_VALUE), batches);
    return new TableHistory(log.table(), log.format(), log.version(), window.describe() + ", read at version "
        + log.version() + (examples.how() == null ? "" : "; " + examples.how()), rewriteResult, lateWrites,
        unreadable);
  }

  /** A closed partition a commit removed rows from, before its example rows are read. */
  private record Rewrite(String partition, LogCommit commit, long removed, long added) {}

  /** The start of the UTC day {@code days} days before {@code commitTime}: rows valid before it are closed. */
  static Instant cutoff(Instant commitTime, int days) {
    return commitTime.minus(Duration.ofDays(days)).truncatedTo(ChronoUnit.DAYS);
  }

  /** Why the log no longer holds part of the window, if it does not. */
  private static java.util.Optional<String> unreadableWindow(TableLog log, Window window) {
    if (log.fromStart()) {
      return java.util.Optional.empty();
    }
    List<TableLog.Commit> commits = log.commits();
    boolean covered;
    String oldest;
    if (commits.isEmpty()) {
      covered = false;
      oldest = "no commit before version " + log.firstReadable();
    } else {
      TableLog.Commit first = commits.get(0);
      covered = window.fromTime() == null ? window.fromVersion() >= log.firstReadable()
          : first.commit().time().isBefore(window.fromTime());
      oldest = "version " + first.commit().version() + ", committed " + first.commit().time()
          + (log.rebuildableFrom() > first.commit().version() ? "; the table itself can be read as of version "
              + log.rebuildableFrom() + " and later only, its oldest checkpoint: the commits kept before it are judged "
              + "one by one, but the state they started from is gone" : "");
    }
    if (covered) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("the log of '" + log.table() + "' no longer holds the whole window asked for ("
        + window.describe() + "): log cleanup removed the commits before version " + log.firstReadable()
        + " (the oldest commit kept is " + oldest + "), so a rewrite in the missing part could not be seen and "
        + "the window is not passed. The table keeps its log for " + log.retention() + ". Fix: ask for a window "
        + "the log still holds (since the oldest commit kept), or keep the log longer for the next backtest: "
        + log.retentionFix() + ".");
  }
}
