package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.jdbc.GuardAudit;
import dev.backtestgate.jdbc.GuardAuditReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code backtest-gate who-did}: the jdbc module's guard audit of one PostgreSQL table, as it renders it. */
@Command(name = "who-did", mixinStandardHelpOptions = true,
    description = "Lists who wrote or tried to write a guarded PostgreSQL table's closed history (rejected attempts, "
        + "break-glass uses, backdated inserts), per role and operation, from the append-only guard's audit table. "
        + "Exit 0 nobody did, 1 someone did, 2 it cannot check (no connection, no #<table>, no guard audit table).",
    footer = {"%nExample:", "  backtest-gate who-did 'jdbc:postgresql://db/lake?user=auditor#ledger.status_events' "
        + "--since 2026-10-01 --classpath postgresql-42.7.4.jar"})
final class WhoDidCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Mixin
  SqlTableOptions sql;

  @Option(names = "--since", paramLabel = "INSTANT", description = "Only attempts at or after this time (ISO "
      + "instant, e.g. 2026-10-01T00:00:00Z, or a UTC date 2026-10-01). Default: the whole audit table.")
  String since;

  @Override
  public Integer call() throws CannotCheck {
    HistoryTarget table = sql.table("who-did");
    Instant from = since == null ? Instant.EPOCH : HistoryCommand.parseSince(since, "");
    GuardAuditReport report;
    try (Connection connection = sql.connect(table)) {
      report = GuardAudit.report(connection, table.table(), from);
    } catch (SQLException | IllegalStateException e) {
      throw SqlTableOptions.unreadable(table, e);
    }
    report.lines().forEach(root.output::info);
    return report.uses().isEmpty() ? Main.OK : Main.FINDINGS;
  }
}
