package dev.backtestgate.jdbc;

import dev.backtestgate.trials.TrialLedger;

/**
 * A test fork that appends to a JDBC trials ledger from a process of its own: {@code <url> <table> <fork> <count>}.
 * Started twice at once by {@link DuckDbTrialLedgerTests}, it shows that two processes sharing a DuckDB file (which
 * only one process may hold open) lose no entry.
 */
final class TrialLedgerFork {
  private TrialLedgerFork() {}

  public static void main(String[] args) {
    TrialLedger ledger = JdbcTrialLedgers.ledger(args[0], args[1]);
    int fork = Integer.parseInt(args[2]);
    int count = Integer.parseInt(args[3]);
    for (int i = 0; i < count; i++) {
      ledger.append(TrialLedgerContract.entry(TrialLedgerContract.key(fork * 1000 + i), TrialLedgerContract.T0, i));
    }
  }
}
