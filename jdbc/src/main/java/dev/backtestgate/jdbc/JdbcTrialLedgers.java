package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.trials.TrialLedger;
import dev.backtestgate.trials.TrialLedgerProvider;
import dev.backtestgate.trials.TrialsSettings;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The trials ledger in a database table, for {@code backtestgate.ledger=jdbc:<url>} (PostgreSQL or a DuckDB file;
 * table {@code backtestgate.ledger-table}, default {@code backtest_gate_trials}). Found by {@link
 * java.util.ServiceLoader}: add this module and the database's driver to the test class path. On PostgreSQL the
 * table is created under the {@link AppendOnlyGuard}, and one that exists unguarded is refused.
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class JdbcTrialLedgers implements TrialLedgerProvider {
  /** For {@link java.util.ServiceLoader}. */
  public JdbcTrialLedgers() {}

  @Override
  public Optional<TrialLedger> open(String url, String table) {
    if (!url.startsWith(TrialsSettings.JDBC_PREFIX)) {
      return Optional.empty();
    }
    return Optional.of(new JdbcTrialLedger(url, table));
  }

  /** The ledger at {@code url} in {@code table}, for a program that appends without the gate's settings. */
  public static TrialLedger ledger(String url, String table) {
    return new JdbcTrialLedger(url, table);
  }
}
