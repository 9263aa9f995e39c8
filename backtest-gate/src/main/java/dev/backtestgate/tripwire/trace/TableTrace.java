package dev.backtestgate.tripwire.trace;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One table the claim read, as its own log tells it now: the commits up to the version read that rewrote rows (the
 * backtest read what they wrote), and the commits since. Built by a table format's reader (backtest-gate-lakehouse's
 * {@code ClaimTables} for Delta).
 *
 * @param table the table, as the claim names it
 * @param versionRead the version the backtest read, as the claim binds it, or {@code null} when the claim records none
 * @param rewroteBeforeRead the commits at or before the version read that removed rows (an UPDATE, MERGE, DELETE or
 *     overwrite: what they removed is gone from what the backtest read), oldest first
 * @param since the commits after the version read, oldest first
 * @param unreadable why the table's history could not be read (gone, not a table of a known format), or {@code ""}
 *     when it was read
 * @param notHeld what part of the history the log no longer holds (its early commits cleaned up), or {@code ""}
 * @param guardAudit for a SQL table under the jdbc module's append-only guard: who wrote or tried to write its closed
 *     history, as the guard's audit tells it (a heading, then one line per role, outcome and operation: refused
 *     attempts, break-glass writes, backdated inserts); empty for a table read from its log
 * @param manifest for a table whose history a manifest declares: the manifest as it is now against the one the
 *     backtest read, first the verdict ({@link #MANIFEST_UNCHANGED} or {@link #MANIFEST_CHANGED} and the digests),
 *     then what to do; empty for a table read from its log
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TableTrace(String table, String versionRead, List<Commit> rewroteBeforeRead, List<Commit> since,
    String unreadable, String notHeld, List<String> guardAudit, List<String> manifest) {
  /** The first line of {@link #manifest()} when the manifest's digest is the one read. */
  public static final String MANIFEST_UNCHANGED = "the manifest is unchanged since the backtest read it";
  /** How the first line of {@link #manifest()} starts when the manifest's digest is not the one read. */
  public static final String MANIFEST_CHANGED = "the manifest changed since the backtest read it";

  /** Checks and copies. */
  public TableTrace {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(unreadable, "unreadable");
    Objects.requireNonNull(notHeld, "notHeld");
    rewroteBeforeRead = List.copyOf(rewroteBeforeRead);
    since = List.copyOf(since);
    guardAudit = List.copyOf(guardAudit);
    manifest = List.copyOf(manifest);
  }

  /** A table read from its log, or under the guard. */
  public TableTrace(String table, String versionRead, List<Commit> rewroteBeforeRead, List<Commit> since,
      String unreadable, String notHeld, List<String> guardAudit) {
    this(table, versionRead, rewroteBeforeRead, since, unreadable, notHeld, guardAudit, List.of());
  }

  /** A table whose history a manifest declares, as {@code lines} tell it now (the verdict first). */
  public static TableTrace manifest(String table, String versionRead, List<String> lines) {
    return new TableTrace(table, versionRead, List.of(), List.of(), "", "", List.of(), lines);
  }

  /** Whether the manifest the backtest read has changed since ({@link #MANIFEST_CHANGED}). */
  public boolean manifestChanged() {
    return !manifest.isEmpty() && manifest.get(0).startsWith(MANIFEST_CHANGED);
  }

  /** A table read from its log. */
  public TableTrace(String table, String versionRead, List<Commit> rewroteBeforeRead, List<Commit> since,
      String unreadable, String notHeld) {
    this(table, versionRead, rewroteBeforeRead, since, unreadable, notHeld, List.of());
  }

  /** A SQL table whose closed history the guard's audit tells ({@code lines}: a heading, then one line per use). */
  public static TableTrace guarded(String table, List<String> lines) {
    return new TableTrace(table, null, List.of(), List.of(), "", "", lines);
  }

  /** A table whose history could not be read, and why. */
  public static TableTrace unreadable(String table, String versionRead, String why) {
    return new TableTrace(table, versionRead, List.of(), List.of(), why, "");
  }

  /** Whether its history was read. */
  public boolean read() {
    return unreadable.isEmpty();
  }

  /**
   * One commit of the table's log.
   *
   * @param version the version it made (a Delta version, an Iceberg snapshot id)
   * @param time when
   * @param operation what the log calls it ({@code MERGE}, {@code WRITE}, {@code overwrite}...)
   * @param partitions the partitions whose rows it removed (for a commit since the read: every partition it changed)
   * @param removed the rows it removed
   * @param added the rows it added
   * @param unit what the log calls one of its entries: {@code commit} (Delta) or {@code snapshot} (Iceberg)
   * @param examples example rows it changed, each {@code <partition>: <row before and after>}, as
   *     {@code backtest-gate history} shows them (or a line saying why none are shown); empty for a commit since the
   *     read, whose rows the backtest never saw
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Commit(long version, Instant time, String operation, List<String> partitions, long removed,
      long added, String unit, List<String> examples) {
    /** Checks and copies. */
    public Commit {
      Objects.requireNonNull(time, "time");
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(unit, "unit");
      partitions = List.copyOf(partitions);
      examples = List.copyOf(examples);
    }

    /** A Delta commit without example rows. */
    public Commit(long version, Instant time, String operation, List<String> partitions, long removed,
        long added) {
      this(version, time, operation, partitions, removed, added, "commit", List.of());
    }

    /** {@code commit 20 (MERGE at 2025-08-15T02:00:00Z)}, {@code snapshot 8812 (overwrite at ...)}. */
    public String describe() {
      return unit + " " + version + " (" + operation + " at " + time + ")";
    }
  }
}
