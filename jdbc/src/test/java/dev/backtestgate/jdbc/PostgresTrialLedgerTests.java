package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.trials.TrialLedger;
import dev.backtestgate.trials.TrialsSettings;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The contract on PostgreSQL, and the guard the store puts on the table it creates. */
@ExtendWith(PostgresExtension.class)
class PostgresTrialLedgerTests extends TrialLedgerContract {
  private static PostgresExtension.Database db;

  @BeforeAll
  static void database(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("ledger_writer LOGIN");
  }

  @Override
  String url() {
    return db.url(PostgresServer.SUPERUSER);
  }

  @Override
  String table(String test) {
    return "trials_" + test;
  }

  @Test
  void theTableItCreatesIsGuardedAgainstRewritesOfPastDaysAndTruncate() throws SQLException {
    TrialLedger ledger = ledger("guarded");
    ledger.append(entry(key(0), T0, 1.0));
    execute("INSERT INTO trials_guarded (" + String.join(", ", JdbcTrialLedger.COLUMNS) + ", recorded_at) SELECT "
        + String.join(", ", JdbcTrialLedger.COLUMNS) + ", now() - interval '2 days' FROM trials_guarded");
    assertThatThrownBy(() -> execute("UPDATE trials_guarded SET z = 9 WHERE recorded_at < now() - interval '1 day'"))
        .hasMessageContaining("append-only");
    assertThatThrownBy(() -> execute("DELETE FROM trials_guarded WHERE recorded_at < now() - interval '1 day'"))
        .hasMessageContaining("append-only");
    assertThatThrownBy(() -> execute("TRUNCATE trials_guarded")).hasMessageContaining("append-only");
    assertThat(ledger.read(key(0).testSet()).entries()).hasSize(2);
  }

  @Test
  void aTableThatExistsUnguardedIsRefusedUntilTheGuardIsApplied() throws SQLException {
    String table = TrialsSettings.DEFAULT_LEDGER_TABLE;
    execute(new JdbcTrialLedger(url(), table).createTable(Dialect.POSTGRESQL).toArray(String[]::new));
    TrialLedger ledger = JdbcTrialLedgers.ledger(url(), table);
    assertThat(ledger.unwritable()).get().asString()
        .contains("the table backtest_gate_trials exists without the append-only guard")
        .contains("AppendOnlyGuard.of(HistoryTable.of(\"backtest_gate_trials\")");
    try (Connection connection = db.connect()) {
      // tag::trials-guard[]
      AppendOnlyGuard.of(HistoryTable.of("backtest_gate_trials")
              .withColumns("test_set", "recorded_at", "recorded_at", "scores"))
          .closedAfterDays(0)
          .apply(connection);
      // end::trials-guard[]
    }
    assertThat(ledger.unwritable()).isEmpty();
    assertThat(AppendOnlyGuard.of(HistoryTable.of(table).withColumns("test_set", "recorded_at", "recorded_at",
        "scores")).closedAfterDays(0).functionName()).isEqualTo(new JdbcTrialLedger(url(), table).guard()
        .functionName());   // the call the message and the docs print is the store's own guard
  }

  @Test
  void aRoleThatMayNotGuardTheTableDoesNotCreateIt() throws SQLException {
    TrialLedger ledger = JdbcTrialLedgers.ledger(db.url("ledger_writer"), "trials_writer");
    assertThat(ledger.unwritable()).get().asString().contains("the table trials_writer does not exist")
        .contains("needs a superuser once");
    assertThat(ledger("writer").unwritable()).isEmpty();   // a superuser creates it guarded once
    execute("GRANT SELECT, INSERT ON trials_writer TO ledger_writer");
    assertThat(ledger.unwritable()).isEmpty();   // and a role that may only read and insert appends
    assertThat(ledger.append(entry(key(0), T0, 1.0)).sequence()).isEqualTo(1);
  }

  @Test
  void anUnreachableServerIsSaidWithoutThePassword() {
    String url = "jdbc:postgresql://127.0.0.1:1/trials?user=ci&password=s3cret&connectTimeout=2";
    String why = JdbcTrialLedgers.ledger(url, "t").unwritable().orElseThrow();
    assertThat(why).contains("jdbc:postgresql://127.0.0.1:1/trials?user=ci&password=***&connectTimeout=2")
        .doesNotContain("s3cret");
  }
}
