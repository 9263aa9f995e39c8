package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The trials ledger's settings.
 *
 * @param ledger where the ledger is ({@code backtestgate.ledger}): a directory, relative to the module directory,
 *     or a JDBC URL ({@code jdbc:...}, a table that a {@link TrialLedgerProvider} on the class path opens); empty
 *     when the ledger is off
 * @param ledgerTable the table of a JDBC ledger ({@code backtestgate.ledger-table}; a plain SQL name, optionally
 *     with one schema prefix)
 * @param freeTrials how many trials on one test set are free: from this many on, a lift significant alone but not
 *     after deflation fails ({@code backtestgate.free-trials}, at least 1)
 * @param required whether a ledger that cannot be read or written fails the gate rather than warn
 *     ({@code backtestgate.ledger-required})
 * @param keepScores whether each trial's scores are kept beside the directory ledger, for the bootstrap reality check
 *     ({@code backtestgate.ledger-scores}; test sets up to 1,000,000 rows)
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TrialsSettings(Optional<String> ledger, String ledgerTable, int freeTrials, boolean required,
    boolean keepScores) implements CheckSettings {
  /** The default directory, under the module directory and outside {@code target/}, so {@code mvn clean} keeps it. */
  public static final String DEFAULT_LEDGER = ".backtest-gate/trials";
  /** The default table of a JDBC ledger. */
  public static final String DEFAULT_LEDGER_TABLE = "backtest_gate_trials";
  /** What starts a JDBC ledger's location. */
  public static final String JDBC_PREFIX = "jdbc:";
  /** {@code .backtest-gate/trials}, 5 free trials, not required, scores not kept. */
  public static final TrialsSettings DEFAULTS = new TrialsSettings(Optional.of(DEFAULT_LEDGER), DEFAULT_LEDGER_TABLE,
      5, false, false);

  /** Checks the values. */
  public TrialsSettings {
    Objects.requireNonNull(ledger, "ledger");
    Objects.requireNonNull(ledgerTable, "ledgerTable");
    if (freeTrials < 1) {
      throw new IllegalArgumentException("free trials is " + freeTrials + ": it must be a whole number of at least 1 "
          + "(backtestgate.free-trials).");
    }
  }

  /** The ledger off: nothing is counted, nothing written. */
  public static TrialsSettings off() {
    return new TrialsSettings(Optional.empty(), DEFAULT_LEDGER_TABLE, DEFAULTS.freeTrials, false, false);
  }

  /** These settings with the ledger in {@code dir}, or off when empty. */
  public TrialsSettings withLedger(Optional<Path> dir) {
    return withLedgerAt(dir.map(Path::toString));
  }

  /** These settings with the ledger at {@code location} (a directory or a {@code jdbc:} URL), or off when empty. */
  public TrialsSettings withLedgerAt(Optional<String> location) {
    return new TrialsSettings(location, ledgerTable, freeTrials, required, keepScores);
  }

  /** These settings with a JDBC ledger's table named {@code table}. */
  public TrialsSettings withLedgerTable(String table) {
    return new TrialsSettings(ledger, table, freeTrials, required, keepScores);
  }

  /** These settings with {@code value} free trials. */
  public TrialsSettings withFreeTrials(int value) {
    return new TrialsSettings(ledger, ledgerTable, value, required, keepScores);
  }

  /** These settings with the ledger required or not. */
  public TrialsSettings withRequired(boolean value) {
    return new TrialsSettings(ledger, ledgerTable, freeTrials, value, keepScores);
  }

  /** These settings with the trials' scores kept or not (beside a directory ledger only). */
  public TrialsSettings withKeepScores(boolean value) {
    return new TrialsSettings(ledger, ledgerTable, freeTrials, required, value);
  }

  /** Whether the ledger is a database table ({@code backtestgate.ledger=jdbc:...}). */
  public boolean inDatabase() {
    return ledger.filter(l -> l.startsWith(JDBC_PREFIX)).isPresent();
  }

  /**
   * The ledger's absolute directory, empty when off or in a database: a relative {@link #ledger} resolves against
   * the working directory, which is the module directory under Maven's Surefire and in the Maven plugin.
   */
  public Optional<Path> directory() {
    return inDatabase() ? Optional.empty() : ledger.map(dir -> Path.of(dir).toAbsolutePath().normalize());
  }

  /**
   * The ledger these settings name, empty when off. A JDBC ledger is opened by the first {@link TrialLedgerProvider}
   * on the class path that accepts the URL; without one, the ledger says so from {@link TrialLedger#unwritable()}.
   */
  public Optional<TrialLedger> store() {
    if (inDatabase()) {
      return Optional.of(TrialLedgerProvider.find(ledger.get(), ledgerTable));
    }
    return directory().map(TrialLedger::directory);
  }

  /** Where the trials' scores are kept, empty when the ledger is off or scores are not kept. */
  Optional<TrialScores> scores() {
    return keepScores ? directory().map(TrialScores::new) : Optional.empty();
  }
}
