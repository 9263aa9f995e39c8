package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.trials.LedgerEntry;
import dev.backtestgate.trials.NewerLedgerException;
import dev.backtestgate.trials.TrialKey;
import dev.backtestgate.trials.TrialLedger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The JDBC trials ledger has the directory ledger's semantics on every database: entries round-trip, a clock going
 * backwards reorders nothing, two connections appending at once lose nothing, a row of a newer schema refuses the
 * ledger and a damaged row is skipped naming it.
 */
abstract class TrialLedgerContract {
  static final Instant T0 = Instant.parse("2026-12-07T09:00:00Z");
  private static final boolean[] LABELS = {true, false, true, false, false};
  private static final long[] TIMES = {10, 20, 30, 40, 50};

  /** A JDBC URL of a database of this test's own, as a superuser where there are roles. */
  abstract String url();

  /** A table name no other test of the class uses. */
  abstract String table(String test);

  static TrialKey key(double shift) {
    return TrialKey.of(LABELS, TIMES, null, List.of(), new double[] {0.9 + shift, 0.1, 0.8, 0.3, 0.2});
  }

  static LedgerEntry entry(TrialKey key, Instant time, double z) {
    return new LedgerEntry(LedgerEntry.SCHEMA, 1, "gate", time, key, "gbm", 0.8, 0.75, 0.05, 0.02, z, "passed",
        null, "the project is not in a git work tree");
  }

  TrialLedger ledger(String test) {
    return JdbcTrialLedgers.ledger(url(), table(test));
  }

  void execute(String... statements) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url()); Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  @Test
  void entriesRoundTripAndAClockGoingBackwardsReordersNothing() {
    TrialLedger ledger = ledger("round_trip");
    assertThat(ledger.unwritable()).isEmpty();
    LedgerEntry first = ledger.append(entry(key(0), T0, 1.0));
    LedgerEntry second = ledger.append(entry(key(0.05), T0.minusSeconds(3_600), 2.0));   // the clock went back
    LedgerEntry nan = ledger.append(new LedgerEntry(LedgerEntry.SCHEMA, 1, "gate", T0.plusNanos(1_500), key(0.1),
        "gbm", Double.NaN, 0.75, Double.NaN, Double.NaN, Double.NaN, "failed", "0123456789abcdef0123456789abcdef01234567",
        ""));
    TrialLedger.Reading reading = ledger.read(key(0).testSet());
    assertThat(reading.skipped()).isEmpty();
    assertThat(reading.entries()).containsExactly(first, second, nan);
    assertThat(second.sequence()).isEqualTo(2);
    assertThat(nan.time()).isEqualTo(T0.plusNanos(1_000));   // kept to the microsecond, as written
    assertThat(ledger.read(TrialKey.of(new boolean[] {true}, new long[] {1}, null, List.of(), new double[] {1})
        .testSet()).entries()).isEmpty();
  }

  @Test
  void twoConnectionsAppendingAtOnceLoseNothing() throws Exception {
    int each = 50;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> forks = new ArrayList<>();
      for (int fork = 0; fork < 2; fork++) {
        int f = fork;
        TrialLedger ledger = ledger("forks");   // each fork its own store, each append its own connection
        forks.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < each; i++) {
            ledger.append(entry(key(f * 1000 + i), T0, i));
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> fork : forks) {
        fork.get();
      }
    } finally {
      pool.shutdown();
    }
    TrialLedger.Reading reading = ledger("forks").read(key(0).testSet());
    assertThat(reading.skipped()).isEmpty();
    Set<String> digests = new HashSet<>();
    reading.entries().forEach(e -> digests.add(e.key().scores()));
    assertThat(reading.entries()).hasSize(2 * each);
    assertThat(digests).hasSize(2 * each);
  }

  @Test
  void aRowOfANewerSchemaRefusesTheLedger() throws SQLException {
    TrialLedger ledger = ledger("newer");
    ledger.append(entry(key(0), T0, 1.0));
    execute("INSERT INTO " + table("newer") + " (" + String.join(", ", JdbcTrialLedger.COLUMNS) + ") SELECT 2, "
        + "entry_sequence + 1, " + String.join(", ", JdbcTrialLedger.COLUMNS.subList(2, JdbcTrialLedger.COLUMNS.size()))
        + " FROM " + table("newer"));
    assertThatThrownBy(() -> ledger.read(key(0).testSet())).isInstanceOf(NewerLedgerException.class)
        .hasMessageContaining("entry_sequence 2").hasMessageContaining("of table " + table("newer"))
        .hasMessageContaining("schema 2").hasMessageContaining("upgrade");
  }

  @Test
  void aDamagedRowIsSkippedNamingIt() throws SQLException {
    TrialLedger ledger = ledger("damaged");
    ledger.append(entry(key(0), T0, 1.0));
    execute("INSERT INTO " + table("damaged") + " (" + String.join(", ", JdbcTrialLedger.COLUMNS) + ") SELECT "
        + "ledger_schema, 2, gate_id, 'yesterday', test_set, scores, candidate, candidate_auc, baseline_auc, lift, "
        + "standard_error, z, verdict, git_commit, commit_note FROM " + table("damaged"));
    TrialLedger.Reading reading = ledger.read(key(0).testSet());
    assertThat(reading.entries()).hasSize(1);
    assertThat(reading.skipped()).singleElement().asString().contains("entry_sequence 2")
        .contains("of table " + table("damaged")).contains("is not a ledger entry").contains("yesterday");
  }
}
