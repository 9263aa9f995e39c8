package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One commit of a table's own transaction log (a Delta Lake version, an Iceberg snapshot): the evidence a
 * history finding read from the log names.
 *
 * <pre>{@code
 * LogCommit merge = new LogCommit(42, Instant.parse("2026-11-30T02:00:00Z"), "MERGE", "etl", "Apache-Spark/4.2.0");
 * merge.describe();   // "commit 42 (MERGE at 2026-11-30T02:00:00Z, by etl, engine Apache-Spark/4.2.0)"
 * }</pre>
 *
 * @param version the table version (or snapshot id) the commit created
 * @param time when it was committed
 * @param operation what the log calls it: {@code WRITE}, {@code UPDATE}, {@code DELETE}, {@code MERGE}...
 * @param user who committed it, or {@code ""} when the log does not say
 * @param engine what wrote it, or {@code ""} when the log does not say
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LogCommit(long version, Instant time, String operation, String user, String engine) {
  /** Checks; a {@code null} user or engine becomes {@code ""}. */
  public LogCommit {
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(operation, "operation");
    user = user == null ? "" : user;
    engine = engine == null ? "" : engine;
  }

  /** The commit in words, e.g. {@code commit 42 (MERGE at 2026-11-30T02:00:00Z, by etl, engine Spark)}. */
  public String describe() {
    List<String> who = new ArrayList<>();
    if (!user.isEmpty()) {
      who.add("by " + user);
    }
    if (!engine.isEmpty()) {
      who.add("engine " + engine);
    }
    return "commit " + version + " (" + operation + " at " + time + (who.isEmpty() ? "" : ", " + String.join(", ", who))
        + ")";
  }
}
