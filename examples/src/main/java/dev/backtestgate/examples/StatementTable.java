package dev.backtestgate.examples;

/**
 * The statement history stored the usual way: one mutable row per statement, with {@code created_at} and
 * an {@code updated_at} that is set only if whoever updates a row remembers to. An UPDATE overwrites the
 * old value: afterwards nobody can tell what the row said before, or (without {@code updated_at}) that
 * it ever changed.
 *
 * <pre>{@code
 * StatementTable table = StatementTable.load(world);
 * NormalizeStatusBackfill.rewrite(table, world, Stamping.SILENT);
 * String status = StatusCodes.CODES.get(table.status()[row]);
 * }</pre>
 */
final class StatementTable {
  /** {@code updated_at} of a row never updated (SQL NULL). */
  static final long NOT_UPDATED = Long.MIN_VALUE;

  private final Statements statements;
  private final byte[] status;
  private final long[] updatedAt;

  private StatementTable(Statements statements) {
    this.statements = statements;
    this.status = statements.code().clone();
    this.updatedAt = new long[statements.size()];
    java.util.Arrays.fill(updatedAt, NOT_UPDATED);
  }

  /** A fresh table holding the statements as the source systems wrote them. */
  static StatementTable load(CreditWorld world) {
    return new StatementTable(world.statements());
  }

  /** Number of rows. */
  int size() {
    return status.length;
  }

  /** The statements' immutable columns (account, dates, balance, ...): only the status is ever updated. */
  Statements statements() {
    return statements;
  }

  /** The status column as it is now (raw code per row); read-only for callers. */
  byte[] status() {
    return status;
  }

  /** {@code created_at}: when the nightly batch inserted each row. */
  long[] createdAt() {
    return statements.recordedAt();
  }

  /** {@code updated_at} per row, {@link #NOT_UPDATED} where never stamped. */
  long[] updatedAt() {
    return updatedAt;
  }

  /**
   * When the row's current content became known: {@code coalesce(updated_at, created_at)}. The best a
   * careful reader of this table can do; without {@code updated_at} it silently dates a rewrite to the
   * original insert.
   */
  long knownAt(int row) {
    long updated = updatedAt[row];
    return updated == NOT_UPDATED ? statements.recordedAt()[row] : updated;
  }

  /** {@code UPDATE statements SET status = code [, updated_at = at] WHERE row = row}. */
  void update(int row, int code, long at, Stamping stamping) {
    status[row] = (byte) code;
    if (stamping == Stamping.STAMP_UPDATED_AT) {
      updatedAt[row] = at;
    }
  }

  /** Whether an UPDATE also sets {@code updated_at}. */
  enum Stamping {
    /** {@code SET status = ..., updated_at = now()}: the rewrite leaves a trace. */
    STAMP_UPDATED_AT,
    /** {@code SET status = ...} only: the row looks as old as its insert. */
    SILENT
  }
}
