package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.LogCommit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * An Iceberg table whose history was written by more than appends: snapshots since the window began that
 * overwrote or deleted rows (or a {@code replace} whose row counts changed). Iceberg has no append-only table
 * property, so nothing in the table refuses the next one; the {@code history-writers} finding, as the PostgreSQL
 * grants audit reports it, names those snapshots and the fixes Iceberg offers (resolution {@code fix}). Added to a
 * run with {@link IcebergHistory#nonAppendAudit(Instant)}.
 *
 * @param table the table (its location, or the catalog's name)
 * @param snapshotId the snapshot read
 * @param since the start of the window audited
 * @param writers the snapshots in the window that were not appends, oldest first
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record IcebergNonAppends(String table, long snapshotId, Instant since, List<LogCommit> writers)
    implements TableWriters {
  /** Copies. */
  public IcebergNonAppends {
    writers = List.copyOf(writers);
  }

  /** What to change so that only appends reach the table's main history. */
  public String fixText() {
    return "Iceberg has no append-only table property, so make appends the only writes that reach the main "
        + "branch of '" + table + "': (1) write-audit-publish: writers commit to a branch (table property "
        + "write.wap.enabled = true and, in Spark, spark.wap.branch) and a reviewed job publishes to main only "
        + "branches whose snapshots are appends (CALL <catalog>.system.fast_forward('<db>.<table>', 'main', "
        + "'<branch>')); or (2) where your catalog's access control separates appending from deleting and "
        + "overwriting, grant the writers only the right to append (check what your catalog enforces; many grant a "
        + "single write privilege). A path table (HadoopTables) has neither: anyone who can write its files can "
        + "commit any operation. Write corrections as appended rows with their own commit time.";
  }

  @Override
  public Rendering render() {
    List<String> lines = new ArrayList<>();
    lines.add("The Iceberg table '" + table + "' was written by " + writers.size() + " snapshot(s) since " + since
        + " that were not appends (read at snapshot " + snapshotId + "); nothing in the table refuses the next one.");
    List<Map<String, Object>> commits = new ArrayList<>();
    for (LogCommit commit : writers) {
      lines.add("  - snapshot " + commit.describe().substring("commit ".length()));
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("snapshotId", commit.version());
      c.put("time", commit.time().toString());
      c.put("operation", commit.operation());
      c.put("engine", commit.engine());
      commits.add(c);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("tables", List.of(table));
    evidence.put("snapshotId", snapshotId);
    evidence.put("since", since.toString());
    evidence.put("nonAppendSnapshots", commits);
    return new Rendering("The Iceberg table '" + table + "' takes overwrites and deletes: its closed history can be "
        + "rewritten in place.", lines, "Whoever can overwrite closed history can hand the next backtest the answer "
        + "key, and nothing would announce it.", fixText(), evidence);
  }
}
