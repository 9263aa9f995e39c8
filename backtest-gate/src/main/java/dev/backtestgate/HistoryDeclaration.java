package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import org.apiguardian.api.API;

/**
 * A recorded input about one table's history (a history-manifest check, a table's own log, a late-write report):
 * the run's summary lists the tables a backtest declares, and the Maven plugin's {@code accept-history} finds the
 * backtests a rewrite reaches through them.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface HistoryDeclaration extends CheckInput {
  /**
   * The table and the partitions of the decisions between {@code earliest} and {@code latest} (either may be
   * {@code null}: not known).
   */
  RunSummary.HistoryTable historyTable(Instant earliest, Instant latest);

  /**
   * Nothing by default: a history input's findings ({@code rewritten-history}, {@code late-writes}) are resolved by
   * fixing the table, never by a sign-off, and a table read at a version binds that version
   * ({@link #versionBinding()}).
   */
  @Override
  default java.util.List<?> fingerprinted() {
    return java.util.List.of();
  }

  /**
   * What the claim records as the version of this table the backtest read, when the declaration knows one that the
   * fingerprint does not bind (a history manifest's digest and where it was: {@code manifest-sha256:<hex>@<path>});
   * empty by default, and then the claim records {@link #versionBinding()} or no version.
   */
  default java.util.Optional<String> versionRead() {
    return java.util.Optional.empty();
  }
}
