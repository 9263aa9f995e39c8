package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.history.ReadProgress;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The tripwire trace's part that reads tables: for every table a claim read, its Delta log as it is now (java.nio
 * and Jackson, no Spark; a cleaned-up log's checkpoint through parquet-hadoop where it is on the class path): the
 * commits at or before the version read that removed rows (an UPDATE, MERGE, DELETE, overwrite: the backtest read
 * what they wrote in place of what they removed), and every commit since. Compaction and other commits that change
 * no data are not rewrites. A table that is gone, not on the local file system, of another format, or whose log
 * cannot be read becomes a {@link TableTrace#unreadable} line naming why; it never stops the tripwire.
 *
 * <pre>{@code
 * List<TableTrace> tables = ClaimTables.trace(claim);
 * Trace trace = Trace.of(claim, outcomes, tables, List.of(), "");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class ClaimTables {
  private static final String DELTA = "delta:";

  private ClaimTables() {}

  /** Each table of {@code claim.dataRead()}, in the claim's order. */
  public static List<TableTrace> trace(Claim claim) {
    List<TableTrace> traces = new ArrayList<>();
    for (Claim.TableRead read : claim.dataRead()) {
      traces.add(trace(read));
    }
    return traces;
  }

  /** One table the claim read. */
  public static TableTrace trace(Claim.TableRead read) {
    String binding = read.version();
    if (binding == null) {
      return TableTrace.unreadable(read.table(), null, "the claim records no version read (" + read.reason()
          + "), so there is no log position to trace from");
    }
    int at = binding.lastIndexOf('@');
    if (!binding.startsWith(DELTA) || at < DELTA.length()) {
      return TableTrace.unreadable(read.table(), binding, "the trace reads Delta logs; '" + binding + "' is not a "
          + "Delta table's version (Iceberg snapshots and manifests are not traced yet)");
    }
    String table = binding.substring(DELTA.length(), at);
    long version;
    try {
      version = Long.parseLong(binding.substring(at + 1));
    } catch (NumberFormatException e) {
      return TableTrace.unreadable(read.table(), binding, "'" + binding.substring(at + 1) + "' is not a Delta "
          + "version");
    }
    TableLog log;
    try {
      log = DeltaLogFiles.read(LocalDeltaLogStore.of(table), -1, null, ReadProgress.NONE);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      return TableTrace.unreadable(read.table(), binding, e.getMessage());
    }
    if (log.version() < version) {
      return TableTrace.unreadable(read.table(), binding, "its log now ends at version " + log.version()
          + ", before the version read " + version + ": the table was replaced or its log restored from an older "
          + "copy");
    }
    List<TableTrace.Commit> before = new ArrayList<>();
    List<TableTrace.Commit> since = new ArrayList<>();
    for (TableLog.Commit commit : log.commits()) {
      long removed = 0;
      long added = 0;
      TreeSet<String> removedFrom = new TreeSet<>();
      TreeSet<String> changed = new TreeSet<>();
      for (FileChange change : commit.changes()) {
        if (!change.dataChange()) {
          continue;
        }
        changed.add(change.partition());
        long rows = Math.max(change.rows(), 0);
        if (change.added()) {
          added += rows;
        } else {
          removed += rows;
          removedFrom.add(change.partition());
        }
      }
      long v = commit.commit().version();
      if (v <= version && !removedFrom.isEmpty()) {
        before.add(new TableTrace.Commit(v, commit.commit().time(), commit.commit().operation(),
            List.copyOf(removedFrom), removed, added));
      } else if (v > version) {
        since.add(new TableTrace.Commit(v, commit.commit().time(), commit.commit().operation(), List.copyOf(changed),
            removed, added));
      }
    }
    String notHeld = log.fromStart() ? "" : "log cleanup removed the commits before version " + log.firstReadable()
        + " (the table keeps its log for " + log.retention() + "), so a rewrite before them cannot be seen";
    return new TableTrace(read.table(), binding, before, since, "", notHeld);
  }
}
