package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where the trials of every evaluation are kept: appended once each, never rewritten, read by test set. The default
 * is a local directory ({@link #directory}); the JDBC module adds a table ({@link TrialLedgerProvider}).
 */
@API(status = EXPERIMENTAL, since = "0.3")
public interface TrialLedger {
  /**
   * The entries of one test set in {@link LedgerEntry#ORDER}, and what was skipped.
   *
   * @throws NewerLedgerException when an entry of that test set was written by a newer schema
   * @throws java.io.UncheckedIOException when the ledger cannot be read at all
   */
  Reading read(String testSet);

  /**
   * Appends {@code entry} with the sequence one more than the largest of its test set seen now; returns what was
   * written.
   *
   * @throws java.io.UncheckedIOException when it cannot be written
   */
  LedgerEntry append(LedgerEntry entry);

  /** Why an append would fail (a directory that is not writable), before anything is written; empty when it would not. */
  Optional<String> unwritable();

  /**
   * The exact next step when {@link #unwritable()} or {@link #read} fails; the default speaks of a directory.
   */
  default String fix() {
    return "Make the directory writable, or point backtestgate.ledger at one that is.";
  }

  /** Where the ledger is, as every report says it: the absolute directory, or the URL without its password. */
  String where();

  /** The ledger in files under {@code root}, one sub-directory per test set. */
  static TrialLedger directory(Path root) {
    return new DirectoryLedger(root);
  }

  /**
   * A test set's entries, and the entries that could not be read, each named with its file or row and why.
   *
   * @param entries in {@link LedgerEntry#ORDER}
   * @param skipped one sentence per skipped entry
   */
  record Reading(List<LedgerEntry> entries, List<String> skipped) {
    /** Copies the lists. */
    public Reading {
      entries = List.copyOf(entries);
      skipped = List.copyOf(skipped);
    }
  }
}
