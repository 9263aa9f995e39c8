package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.LogCommit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A Delta table whose history anyone with write access can rewrite: {@code delta.appendOnly} is not set at the
 * version read, so UPDATE, DELETE, MERGE and overwrite all run on closed history. The {@code history-writers}
 * finding, as the PostgreSQL grants audit reports it; it names the commits that turned the guard off, and only
 * setting it resolves it (resolution {@code fix}). Added to a run with {@link DeltaHistory#appendOnlyAudit()}.
 *
 * <pre>{@code
 * backtest.check(DeltaHistory.of(spark, "/lake/status").appendOnlyAudit());
 * }</pre>
 *
 * @param table the table's qualified path
 * @param version the version read
 * @param turnedOff the commits the log still holds that turned {@code delta.appendOnly} off, oldest first
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DeltaAppendOnly(String table, long version, List<LogCommit> turnedOff) implements TableWriters {
  /** The table property that makes a Delta table append-only. */
  public static final String PROPERTY = "delta.appendOnly";

  /** Copies. */
  public DeltaAppendOnly {
    turnedOff = List.copyOf(turnedOff);
  }

  /** The statement that makes the table append-only. */
  public String fixStatement() {
    return "ALTER TABLE delta.`" + table + "` SET TBLPROPERTIES ('" + PROPERTY + "' = 'true')";
  }

  @Override
  public Rendering render() {
    List<String> lines = new ArrayList<>();
    lines.add("The Delta table '" + table + "' is not append-only at version " + version + " (" + PROPERTY
        + " is not true): anyone who can write to it can UPDATE, DELETE, MERGE or overwrite closed history.");
    for (LogCommit commit : turnedOff) {
      lines.add("  - " + commit.describe() + " turned " + PROPERTY + " off");
    }
    List<Map<String, Object>> commits = new ArrayList<>();
    for (LogCommit commit : turnedOff) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("version", commit.version());
      c.put("time", commit.time().toString());
      c.put("operation", commit.operation());
      c.put("user", commit.user());
      c.put("engine", commit.engine());
      commits.add(c);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("tables", List.of(table));
    evidence.put("version", version);
    evidence.put("property", PROPERTY);
    evidence.put("turnedOffBy", commits);
    evidence.put("fixStatements", List.of(fixStatement()));
    return new Rendering("The Delta table '" + table + "' is not append-only: its closed history can be rewritten "
        + "in place.", lines, "Whoever can UPDATE closed history can hand the next backtest the answer key, and "
        + "nothing would announce it.", "Make the table append-only, and write corrections as appended rows: "
        + fixStatement() + ".", evidence);
  }
}
