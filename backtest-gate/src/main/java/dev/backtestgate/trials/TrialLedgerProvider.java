package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Opens a trials ledger in a database, found by {@link ServiceLoader} ({@code META-INF/services}): the core names no
 * driver and no SQL, and the JDBC module's provider keeps the table under its append-only guard. With
 * {@code backtestgate.ledger=jdbc:...} and no provider on the class path, the ledger cannot be written and says
 * why ({@link TrialLedger#unwritable()}): a warning, or {@code check-failed} with
 * {@code backtestgate.ledger-required=true}.
 */
@API(status = EXPERIMENTAL, since = "0.3")
public interface TrialLedgerProvider {
  /** The ledger at {@code url} in {@code table}, or empty when this provider does not open such URLs. */
  Optional<TrialLedger> open(String url, String table);

  /** The ledger the first provider that accepts {@code url} opens, or one that says none was found. */
  static TrialLedger find(String url, String table) {
    try {
      for (TrialLedgerProvider provider : ServiceLoader.load(TrialLedgerProvider.class,
          TrialLedgerProvider.class.getClassLoader())) {
        Optional<TrialLedger> ledger = provider.open(url, table);
        if (ledger.isPresent()) {
          return ledger.get();
        }
      }
    } catch (ServiceConfigurationError e) {
      return new UnavailableLedger(url, "its store could not be loaded (" + e.getMessage() + ")", "Check that "
          + "backtest-gate-jdbc on the test class path is the same version as backtest-gate.");
    }
    return new UnavailableLedger(url, "no trials ledger store for " + TrialsSettings.JDBC_PREFIX + " URLs is on the class "
        + "path", "Add dev.backtestgate:backtest-gate-jdbc and your database's JDBC driver to the test class path "
        + "(test scope), or point backtestgate.ledger at a directory.");
  }

  /**
   * {@code url} as every report may show it: the value of a {@code password} (or {@code pwd}, {@code passwd})
   * property and the password of a {@code user:password@} part replaced by {@code ***}.
   */
  static String withoutPassword(String url) {
    String out = Pattern.compile("(?i)([?&;:](?:password|passwd|pwd)=)[^&;]*").matcher(url).replaceAll("$1***");
    return Pattern.compile("(//[^/:@?;]*):[^@/]*@").matcher(out).replaceAll("$1:***@");
  }
}
