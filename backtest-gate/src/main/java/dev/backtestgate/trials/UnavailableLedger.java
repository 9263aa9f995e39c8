package dev.backtestgate.trials;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/** A database ledger no provider opened: never readable, never writable, and it says why and what to do. */
final class UnavailableLedger implements TrialLedger {
  private final String where;
  private final String why;
  private final String fix;

  UnavailableLedger(String url, String why, String fix) {
    this.where = TrialLedgerProvider.withoutPassword(url);
    this.why = why;
    this.fix = fix;
  }

  @Override
  public Reading read(String testSet) {
    throw new UncheckedIOException(why + ". " + fix, new IOException(why));
  }

  @Override
  public LedgerEntry append(LedgerEntry entry) {
    throw new UncheckedIOException(why + ". " + fix, new IOException(why));
  }

  @Override
  public Optional<String> unwritable() {
    return Optional.of(why);
  }

  @Override
  public String fix() {
    return fix;
  }

  @Override
  public String where() {
    return where;
  }

  @Override
  public String toString() {
    return "the trials ledger " + where;
  }
}
