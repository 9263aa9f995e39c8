package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.history.ReadProgress;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The tripwire trace's part that reads tables: for every table a claim read, its log as it is now, without Spark (a
 * Delta table's {@code _delta_log} through java.nio and Jackson, a cleaned-up log's checkpoint through parquet-hadoop
 * where it is on the class path; an Iceberg table's snapshot log through Iceberg's own API): the commits (snapshots)
 * at or before the version read that removed rows (an UPDATE, MERGE, DELETE, overwrite: the backtest read what they
 * wrote in place of what they removed), each with example rows as {@code backtest-gate history} shows them, and
 * every commit since. Compaction and other commits that change no data are not rewrites. A table that is gone, not
 * on the local file system, of another format, or whose log cannot be read becomes a {@link TableTrace#unreadable}
 * line naming why; it never stops the tripwire.
 *
 * <pre>{@code
 * List<TableTrace> tables = ClaimTables.trace(claim);
 * Trace trace = Trace.of(claim, outcomes, tables, List.of(), "");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class ClaimTables {
  private static final String DELTA = "delta:";
  private static final String ICEBERG = "iceberg:";

  private ClaimTables() {}

  /** Each table of {@code claim.dataRead()}, in the claim's order, a manifest's path against the working directory. */
  public static List<TableTrace> trace(Claim claim) {
    return trace(claim, Path.of(""));
  }

  /**
   * Each table of {@code claim.dataRead()}, in the claim's order; a history manifest the claim names by a relative
   * path is read from {@code module} (the module the backtest ran in).
   */
  public static List<TableTrace> trace(Claim claim, Path module) {
    List<TableTrace> traces = new ArrayList<>();
    for (Claim.TableRead read : claim.dataRead()) {
      traces.add(trace(read, module));
    }
    return traces;
  }

  /** One table the claim read, a manifest's path against the working directory. */
  public static TableTrace trace(Claim.TableRead read) {
    return trace(read, Path.of(""));
  }

  /** One table the claim read, a manifest's relative path against {@code module}. */
  public static TableTrace trace(Claim.TableRead read, Path module) {
    String binding = read.version();
    if (binding == null) {
      return TableTrace.unreadable(read.table(), null, "the claim records no version read (" + read.reason()
          + "), so there is no log position to trace from");
    }
    if (ManifestClaimTable.is(binding)) {
      return ManifestClaimTable.trace(read.table(), binding, module);
    }
    int at = binding.lastIndexOf('@');
    boolean delta = binding.startsWith(DELTA) && at > DELTA.length();
    boolean iceberg = binding.startsWith(ICEBERG) && at > ICEBERG.length();
    if (!delta && !iceberg) {
      return TableTrace.unreadable(read.table(), binding, "the trace reads Delta and Iceberg logs; '" + binding
          + "' is neither a Delta table's version nor an Iceberg table's snapshot");
    }
    String table = binding.substring((delta ? DELTA : ICEBERG).length(), at);
    long version;
    try {
      version = Long.parseLong(binding.substring(at + 1));
    } catch (NumberFormatException e) {
      return TableTrace.unreadable(read.table(), binding, "'" + binding.substring(at + 1) + "' is not a "
          + (delta ? "Delta version" : "snapshot id"));
    }
    try {
      return delta ? delta(read.table(), binding, table, version)
          : IcebergClaimTable.trace(read.table(), binding, table, version);
    } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
      return TableTrace.unreadable(read.table(), binding, e.getMessage());
    }
  }

  private static TableTrace delta(String name, String binding, String table, long version) {
    LocalDeltaLogStore store = LocalDeltaLogStore.of(table);
    TableLog log = DeltaLogFiles.read(store, -1, null, ReadProgress.NONE);
    if (log.version() < version) {
      return TableTrace.unreadable(name, binding, "its log now ends at version " + log.version()
          + ", before the version read " + version + ": the table was replaced or its log restored from an older "
          + "copy");
    }
    // Delta's versions count up: a commit at or before the version read is one the backtest saw
    int read = 0;
    while (read < log.commits().size() && log.commits().get(read).commit().version() <= version) {
      read++;
    }
    String notHeld = log.fromStart() ? "" : "log cleanup removed the commits before version " + log.firstReadable()
        + " (the table keeps its log for " + log.retention() + "), so a rewrite before them cannot be seen";
    return trace(name, binding, log, read, "commit", DeltaHistory.changedRows(null, store, log, null, null),
        notHeld);
  }

  /**
   * The trace of {@code log}, whose first {@code read} commits the backtest saw: the ones of them that removed rows,
   * with {@code changedRows}' examples, and every later one.
   */
  static TableTrace trace(String name, String binding, TableLog log, int read, String unit,
      ChangedRows changedRows, String notHeld) {
    Map<Long, Set<String>> rewrites = new LinkedHashMap<>();
    List<TableLog.Commit> commits = log.commits();
    for (TableLog.Commit commit : commits.subList(0, read)) {
      TreeSet<String> removedFrom = new TreeSet<>();
      commit.changes().stream().filter(c -> c.dataChange() && !c.added()).forEach(c -> removedFrom.add(c.partition()));
      if (!removedFrom.isEmpty()) {
        rewrites.put(commit.commit().version(), removedFrom);
      }
    }
    ChangedRows.Examples examples = rewrites.isEmpty() ? new ChangedRows.Examples(Map.of(), null)
        : changedRows.examples(rewrites);
    List<TableTrace.Commit> before = new ArrayList<>();
    List<TableTrace.Commit> since = new ArrayList<>();
    for (int i = 0; i < commits.size(); i++) {
      TableLog.Commit commit = commits.get(i);
      long removed = 0;
      long added = 0;
      TreeSet<String> changed = new TreeSet<>();
      for (FileChange change : commit.changes()) {
        if (change.dataChange()) {
          changed.add(change.partition());
          long rows = Math.max(change.rows(), 0);
          if (change.added()) {
            added += rows;
          } else {
            removed += rows;
          }
        }
      }
      long v = commit.commit().version();
      if (i < read && rewrites.containsKey(v)) {
        List<String> lines = new ArrayList<>();
        for (String partition : rewrites.get(v)) {
          examples.of(v, partition).forEach(line -> lines.add(partition + ": " + line));
        }
        if (lines.isEmpty() && examples.how() != null) {
          lines.add(examples.how());
        }
        before.add(new TableTrace.Commit(v, commit.commit().time(), commit.commit().operation(),
            List.copyOf(rewrites.get(v)), removed, added, unit, lines));
      } else if (i >= read) {
        since.add(new TableTrace.Commit(v, commit.commit().time(), commit.commit().operation(), List.copyOf(changed),
            removed, added, unit, List.of()));
      }
    }
    return new TableTrace(name, binding, before, since, "", notHeld);
  }
}
