package dev.backtestgate.lakehouse;

import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.Finding;

/**
 * A lakehouse table whose closed history can be rewritten by its writers: the {@code history-writers} finding, as
 * the PostgreSQL grants audit reports it, with the table as its subject and a fix as its only resolution.
 */
interface TableWriters extends Finding {
  /** The table the finding is about: its location, or the catalog's name. */
  String table();

  @Override
  default String kind() {
    return HistoryChecks.HISTORY_WRITERS.kind();
  }

  @Override
  default String subject() {
    return table();
  }

  @Override
  default Resolution resolution() {
    return Resolution.FIX;
  }
}
