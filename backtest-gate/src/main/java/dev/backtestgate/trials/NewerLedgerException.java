package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** A ledger entry written by a newer schema than this version reads: the ledger is refused, never half-read. */
@API(status = EXPERIMENTAL, since = "0.3")
public final class NewerLedgerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The schema the entry declares. */
  public NewerLedgerException(int schema) {
    super("it was written in ledger schema " + schema + ", and this version of backtest-gate reads schema "
        + LedgerEntry.SCHEMA + " and older: upgrade backtest-gate on every build that shares this ledger");
  }

  /** The same refusal, naming where the entry is (a file, a table row). */
  public NewerLedgerException(Object where, NewerLedgerException cause) {
    super("the trials ledger entry " + where + " " + cause.getMessage(), cause);
  }
}
